// The CRUD calls of a screen definition, through the bridge.
import { call } from '../platform/bridge';
import type { Page, Row } from '../../src-shared/wire';
import type { ScreenDef } from './types';
import { idsParam } from './params';

export async function fetchPage(def: ScreenDef, params: Record<string, string | number>): Promise<{ records: Row[]; total: number }> {
  const reply = await call('api:request', { method: 'get', url: def.api.list, params });
  const page = (reply.data ?? {}) as Partial<Page<Row>>;
  return { records: Array.isArray(page.records) ? page.records : [], total: Number(page.total ?? 0) };
}

export async function fetchDetail(def: ScreenDef, id: string | number): Promise<Row | null> {
  if (!def.api.detail) return null;
  const reply = await call('api:request', { method: 'get', url: def.api.detail, params: { id } });
  return (reply.data ?? null) as Row | null;
}

/** Add (no id) or update (with id): submit, or save / update when the screen has those. */
export async function saveRow(def: ScreenDef, data: Record<string, unknown>, editing: boolean): Promise<void> {
  const url = def.api.submit ?? (editing ? def.api.update : def.api.save);
  if (!url) throw new Error(`screen ${def.code} has no submit endpoint`);
  await call('api:request', { method: 'post', url, data });
}

export async function removeRows(def: ScreenDef, keys: readonly (string | number)[]): Promise<void> {
  await call('api:request', { method: 'post', url: def.api.remove, params: { ids: idsParam(keys) } });
}
