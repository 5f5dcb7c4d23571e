// Proof by resource (issue 39): for every declared resource (src-shared/declarations) and every rule of it, a
// write that breaks the rule, sent straight to the server (no form), gets the rule's message: the zh text
// without Accept-Language (the spec's, as before keys) and the en text with Accept-Language: en. Generated from
// the declarations: a newly declared resource is covered without a line here. One server, requests only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLARATIONS } from '../../src-shared/declarations';
import { INPUT_DECLARATIONS } from '../../src-shared/declarations/inputs';
import { TEMPLATE_CONFIG } from '../../src-shared/declarations/material';
import { breakingValue, validValue } from '../../src-shared/declarations/samples';
import { firstBroken, type InputDecl, type ResourceDecl } from '../../src-shared/declarations/declare';
import { fill, MESSAGES, type MessageKey, type TextParams } from '../../src-shared/messages';
import { api, login, SABER, startHarness, type Harness } from './helpers';

let h: Harness;
let admin: string;
/** the platform administrator (tenant 000000): the one who writes rows every tenant shares (menus, packages, clients, data sources, code generation, dictionaries) */
let platform: string;

beforeAll(async () => {
  h = await startHarness();
  platform = await login(h.server.url);
  // the sample matrix's tenant: a row of every content resource to update and to collide with
  const loaded = await api<Record<string, unknown>>(h.server.url, platform, 'POST', '/website-blade-system/sampleMatrix/load', { json: {} });
  admin = await login(h.server.url, { tenantId: String(loaded.body.data.tenantId), username: 'admin', password: 'admin' });
});
afterAll(() => h.stop());

/** the id of a row of each declared resource a field refers to (`ref`: a model's fields name their model) */
const refs = new Map<string, string>();

async function resolveRefs(decl: ResourceDecl): Promise<void> {
  for (const field of Object.values(decl.fields)) {
    if (field.ref === undefined || refs.has(field.ref)) continue;
    const target = DECLARATIONS.find((d) => d.name === field.ref);
    expect(target, `${decl.name}: the declaration ${field.ref} refers to`).toBeDefined();
    refs.set(field.ref, String((await rows(target!))[0].id));
  }
}

/** a body meeting every declared rule (for a resource written by update only, updating its first row) */
async function validBody(decl: ResourceDecl): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = decl.updateOnly ? { id: (await rows(decl))[0]?.id } : {};
  if (decl.updateOnly) expect(body.id, `${decl.name}: a row to update`).toBeDefined();
  for (const [name, field] of Object.entries(decl.fields)) {
    const v = field.ref !== undefined ? refs.get(field.ref) : validValue(field);
    if (v === undefined) throw new Error(`${decl.name}.${name}: no valid sample value (give the field an example)`);
    body[name] = v;
  }
  return body;
}

/** how a resource is written: by whom (the sample tenant's administrator, or the platform's for shared rows) and where */
interface Writer {
  token: string;
  /** save and update, or submit alone (with an id: an update) */
  endpoints: 'save' | 'submit';
  /** the list read: page, or list alone */
  read: 'page' | 'list';
}
const writers = new Map<string, Writer>();

const post = (token: string, path: string, body: unknown, language?: string) => {
  const headers: Record<string, string> = { Authorization: SABER, 'Blade-Auth': `bearer ${token}`, 'Content-Type': 'application/json' };
  if (language) headers['Accept-Language'] = language;
  return fetch(`${h.server.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
};

/** found once per resource from the server's answers: a write endpoint that is not there is 404, a write the caller may not make 401 */
async function writer(decl: ResourceDecl): Promise<Writer> {
  const known = writers.get(decl.name);
  if (known) return known;
  // declared: written through submit alone, or by update alone (rows made elsewhere); else as the server answers
  const endpoints = decl.submitOnly ? 'submit' : decl.updateOnly || (await post(admin, `${decl.path}/save`, {})).status !== 404 ? 'save' : 'submit';
  const token = (await post(admin, `${decl.path}/${decl.updateOnly ? 'update' : endpoints}`, {})).status === 401 ? platform : admin;
  const read = (await api(h.server.url, token, 'GET', `${decl.path}/page`, { query: { current: 1, size: 1 } })).status === 404 ? 'list' : 'page';
  const found: Writer = { token, endpoints, read };
  writers.set(decl.name, found);
  return found;
}

type Row = Record<string, unknown>;
/** a list's rows: a page's records, or a tree's nodes (roles, menus: listed whole) */
const flat = (nodes: Row[]): Row[] => nodes.flatMap((n) => [n, ...flat((n.children as Row[] | undefined) ?? [])]);

/** rows of the resource (the sample matrix's; one is written first when there is none) */
async function rows(decl: ResourceDecl): Promise<Row[]> {
  const w = await writer(decl);
  const read = async () => {
    const data = (await api<Row[] | { records: Row[] }>(h.server.url, w.token, 'GET', `${decl.path}/${w.read}`, { query: { current: 1, size: 5 } })).body.data;
    return Array.isArray(data) ? flat(data) : data.records;
  };
  const found = await read();
  if (found.length || decl.updateOnly) return found;
  // its unique values other than validBody's, which the other writes keep sending
  const body = await validBody(decl);
  for (const [name, field] of Object.entries(decl.fields)) {
    const other = `${String(body[name])}x`;
    if (field.rules.some((r) => 'unique' in r) && firstBroken(field, other) === null) body[name] = other;
  }
  const written = await post(w.token, `${decl.path}/${w.endpoints}`, body);
  expect(((await written.json()) as { success: boolean }).success, `${decl.name}: a row written`).toBe(true);
  return read();
}

/**
 * the envelope's msg of a write of this body, in the language asked for (none: no header): an insert, or with an
 * id an update (a field with a default can be emptied by an update only: an insert sending nothing takes the default)
 */
async function refusal(decl: ResourceDecl, body: Record<string, unknown>, language?: string): Promise<{ status: number; msg: string }> {
  const w = await writer(decl);
  const endpoint = w.endpoints === 'submit' ? 'submit' : body.id ? 'update' : 'save';
  const res = await post(w.token, `${decl.path}/${endpoint}`, body, language);
  return { status: res.status, msg: ((await res.json()) as { msg: string }).msg };
}

async function expectMessage(decl: ResourceDecl, body: Record<string, unknown>, key: MessageKey, what: string, params?: TextParams): Promise<void> {
  expect({ what, ...(await refusal(decl, body)) }).toEqual({ what, status: 400, msg: fill(MESSAGES[key].zh, params) });
  expect({ what, ...(await refusal(decl, body, 'en-GB,en;q=0.9,zh-CN;q=0.5')) }).toEqual({ what, status: 400, msg: fill(MESSAGES[key].en, params) });
  // any other language keeps the spec's Chinese
  expect({ what, ...(await refusal(decl, body, 'fr')) }).toEqual({ what, status: 400, msg: fill(MESSAGES[key].zh, params) });
}

describe.each(DECLARATIONS.map((d) => [d.name, d] as const))('%s: every declared rule, form bypassed', (_name, decl) => {
  it('a write breaking each rule gets its message in zh and in en', async () => {
    await resolveRefs(decl);
    let rules = 0;
    for (const [name, field] of Object.entries(decl.fields)) {
      for (const rule of field.rules) {
        const what = `${decl.name}.${name} ${JSON.stringify({ ...rule, message: undefined })}`;
        if ('unique' in rule) {
          // an existing row's value is taken
          const taken = (await rows(decl)).find((r) => r[name] !== undefined && r[name] !== '')?.[name];
          expect(taken, `${what}: a row to collide with`).toBeDefined();
          await expectMessage(decl, { ...(await validBody(decl)), [name]: taken }, rule.message, what);
        } else if ('required' in rule && field.default !== undefined) {
          const row = (await rows(decl))[0];
          expect(row, `${what}: a row to update`).toBeDefined();
          await expectMessage(decl, { id: row.id, [name]: '' }, rule.message, `${what} (update)`);
        } else {
          const bad = breakingValue(field, rule);
          expect(bad, `${what}: a breaking value`).toBeDefined();
          await expectMessage(decl, { ...(await validBody(decl)), [name]: bad }, rule.message, what);
        }
        rules++;
      }
    }
    for (const cross of decl.cross ?? []) {
      await expectMessage(decl, { ...(await validBody(decl)), ...cross.refused }, cross.message, `${decl.name} cross ${cross.field}`, cross.params?.(cross.refused));
      rules++;
    }
    expect(rules).toBeGreaterThan(0);
  });
});

/** the inputs a route takes (declare.ts InputDecl): each rule broken, sent to that route with the form bypassed */
const ROUTED = INPUT_DECLARATIONS.flatMap((d) => ('route' in d.judge ? [[d.name, d, d.judge] as const] : []));
describe.each(ROUTED)('input %s: every declared rule, form bypassed', (_name, decl: InputDecl, judge) => {
  const send = async (body: Record<string, unknown>, language?: string): Promise<{ status: number; msg: string }> => {
    const all = { ...judge.with, ...body };
    const query = judge.send === 'query' ? `?${new URLSearchParams(Object.entries(all).map(([k, v]) => [k, String(v)])).toString()}` : '';
    const res = await post(platform, `${judge.route}${query}`, judge.send === 'json' ? all : {}, language);
    return { status: res.status, msg: ((await res.json()) as { msg: string }).msg };
  };
  const expectInput = async (body: Record<string, unknown>, key: MessageKey, what: string, params?: TextParams) => {
    expect({ what, ...(await send(body)) }).toEqual({ what, status: 400, msg: fill(MESSAGES[key].zh, params) });
    expect({ what, ...(await send(body, 'en-GB,en;q=0.9')) }).toEqual({ what, status: 400, msg: fill(MESSAGES[key].en, params) });
  };
  it('a request breaking each rule gets its message in zh and in en', async () => {
    const valid: Record<string, unknown> = Object.fromEntries(Object.entries(decl.fields).map(([n, f]) => [n, validValue(f)]));
    let rules = 0;
    for (const [name, field] of Object.entries(decl.fields)) {
      for (const rule of field.rules) {
        const bad = breakingValue(field, rule);
        const what = `${decl.name}.${name} ${JSON.stringify({ ...rule, message: undefined })}`;
        expect(bad, `${what}: a breaking value`).toBeDefined();
        await expectInput({ ...valid, [name]: bad }, rule.message, what);
        rules++;
      }
    }
    for (const cross of decl.cross ?? []) {
      await expectInput({ ...valid, ...cross.refused }, cross.message, `${decl.name} cross ${cross.field}`, cross.params?.(cross.refused));
      rules++;
    }
    expect(rules).toBeGreaterThan(0);
  });
});

describe('a stock console', () => {
  it('is answered the spec\'s Chinese on a stock prefix, whatever its browser\'s language; the same route on the spec\'s path answers en', async () => {
    // /api/blade-system/templateConfig is the stock path of /api/website-blade-system/templateConfig (http/dialects.ts)
    const decl = TEMPLATE_CONFIG;
    const body = { ...(await validBody(decl)), configKey: '' };
    const send = async (path: string) => {
      const headers = { Authorization: SABER, 'Blade-Auth': `bearer ${admin}`, 'Content-Type': 'application/json', 'Accept-Language': 'en-US,en;q=0.9' };
      const res = await fetch(`${h.server.url}${path}/save`, { method: 'POST', headers, body: JSON.stringify(body) });
      return { status: res.status, msg: ((await res.json()) as { msg: string }).msg };
    };
    expect(await send('/blade-system/templateConfig')).toEqual({ status: 400, msg: MESSAGES['material.configKeyRequired'].zh });
    expect(await send('/website-blade-system/templateConfig')).toEqual({ status: 400, msg: MESSAGES['material.configKeyRequired'].en });
  });
});
