// Small call helpers of the system screens' special actions.
import { call } from '../../platform/bridge';

export const SYS = '/website-blade-system';

export async function get<T>(url: string, params: Record<string, string | number> = {}): Promise<T> {
  const reply = await call('api:request', { method: 'get', url, params });
  return reply.data as T;
}

export async function post(url: string, opts: { params?: Record<string, string | number>; data?: unknown } = {}): Promise<void> {
  await call('api:request', { method: 'post', url, params: opts.params, data: opts.data });
}

export const keysOf = (keys: readonly (string | number)[]): string => keys.map(String).join(',');
