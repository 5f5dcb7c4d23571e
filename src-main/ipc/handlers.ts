// Every channel of the IPC contract, implemented once over a workspace. The
// Electron IPC wiring and the browser-mode RPC both call `dispatch`, which
// checks the channel and the input shape and turns any failure into data.

import {
  IPC_CHANNELS,
  type ApiRequest,
  type Channel,
  type HttpMethod,
  type IpcResult,
  type ReqOf,
  type ResOf,
} from '../../src-shared/ipc';
import type { ErrorLogInput } from '../../src-shared/wire';
import { validateLoginInput } from '../services/AuthService';
import { DeskError, toErrorShape } from '../services/errors';
import type { Workspace } from '../workspace';

export type Handlers = { [K in Channel]: (req: ReqOf<K>) => Promise<ResOf<K>> };

const METHODS: readonly HttpMethod[] = ['get', 'post', 'put', 'delete'];
const bad = (message: string): never => {
  throw new DeskError(400, message);
};
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** An api:request from the renderer: a known method and a path under the profile's base URL, nothing else. */
export function validateApiRequest(req: unknown): ApiRequest {
  if (!isObject(req)) bad('request must be an object');
  const r = req as Record<string, unknown>;
  const method = typeof r.method === 'string' ? r.method.toLowerCase() : '';
  if (!METHODS.includes(method as HttpMethod)) bad('method must be get, post, put or delete');
  const url = r.url;
  // A path only: no scheme, no protocol-relative URL, no backslash tricks, so the call cannot leave the profile's server.
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.includes('\\') || /^[a-z][a-z0-9+.-]*:/i.test(url)) {
    bad('url must be a path starting with /');
  }
  if (r.params !== undefined && r.params !== null && !isObject(r.params)) bad('params must be an object');
  const out: ApiRequest = { method: method as HttpMethod, url: url as string };
  if (isObject(r.params)) out.params = r.params;
  if (r.data !== undefined) out.data = r.data;
  return out;
}

export function validateLogInput(req: unknown): ErrorLogInput {
  if (!isObject(req)) bad('log entry must be an object');
  const r = req as Record<string, unknown>;
  const str = (k: string) => (typeof r[k] === 'string' ? (r[k] as string) : bad(`${k} must be a string`));
  const opt = (k: string) => (r[k] === undefined || r[k] === null ? undefined : typeof r[k] === 'string' ? (r[k] as string) : bad(`${k} must be a string`));
  const out: ErrorLogInput = { type: str('type'), url: str('url'), message: str('message') };
  const stack = opt('stack');
  const info = opt('info');
  if (stack !== undefined) out.stack = stack;
  if (info !== undefined) out.info = info;
  return out;
}

export function createHandlers(ws: Workspace): Handlers {
  return {
    'app:info': async () => ({ version: ws.version, host: ws.host, profile: ws.profile }),
    'auth:captcha': () => ws.auth.captcha(),
    'auth:login': (req) => ws.auth.login(validateLoginInput(req)),
    'auth:logout': () => ws.auth.logout(),
    'auth:session': async () => ws.auth.current(),
    'api:request': (req) => ws.api.request(validateApiRequest(req)),
    'dict:get': (req) => ws.dict.get(isObject(req) && typeof req.code === 'string' ? req.code : bad('code is required')),
    'log:add': async (req) => {
      ws.logs.add(validateLogInput(req));
    },
    'log:list': async () => ws.logs.list(),
    'log:clear': async () => ws.logs.clear(),
  };
}

const CHANNELS = new Set<string>(IPC_CHANNELS);
export const isChannel = (name: unknown): name is Channel => typeof name === 'string' && CHANNELS.has(name);

/** Runs one channel; never throws: failures come back as { ok: false, error }. */
export async function dispatch<K extends Channel>(handlers: Handlers, channel: K | string, req: unknown): Promise<IpcResult<ResOf<K>>> {
  if (!isChannel(channel)) return { ok: false, error: { code: 404, message: `unknown channel ${String(channel).slice(0, 100)}` } };
  try {
    const handler = handlers[channel] as (r: unknown) => Promise<ResOf<K>>;
    const data = await handler(req ?? undefined);
    return { ok: true, data: (data === undefined ? null : data) as ResOf<K> };
  } catch (e) {
    return { ok: false, error: toErrorShape(e) };
  }
}
