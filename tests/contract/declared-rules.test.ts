// Proof by resource (issue 39): for every declared resource (src-shared/declarations) and every rule of it, a
// write that breaks the rule, sent straight to the server (no form), gets the rule's message: the zh text
// without Accept-Language (the spec's, as before keys) and the en text with Accept-Language: en. Generated from
// the declarations: a newly declared resource is covered without a line here. One server, requests only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLARATIONS } from '../../src-shared/declarations';
import { TEMPLATE_CONFIG } from '../../src-shared/declarations/material';
import { breakingValue, validValue } from '../../src-shared/declarations/samples';
import type { ResourceDecl } from '../../src-shared/declarations/declare';
import { MESSAGES, type MessageKey } from '../../src-shared/messages';
import { api, login, SABER, startHarness, type Harness } from './helpers';

let h: Harness;
let admin: string;
/** the platform administrator (tenant 000000): the writer of rows every tenant shares (menus, packages, clients...) */
let platform: string;

beforeAll(async () => {
  h = await startHarness();
  // the sample matrix's tenant: a row of every content resource to update and to collide with
  const loaded = await api<Record<string, unknown>>(h.server.url, await login(h.server.url), 'POST', '/website-blade-system/sampleMatrix/load', { json: {} });
  admin = await login(h.server.url, { tenantId: String(loaded.body.data.tenantId), username: 'admin', password: 'admin' });
  platform = await login(h.server.url);
});
afterAll(() => h.stop());

/** a body meeting every declared rule (for a resource written by update only, updating its first row) */
async function validBody(decl: ResourceDecl): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = decl.updateOnly ? { id: (await rows(decl))[0]?.id } : {};
  if (decl.updateOnly) expect(body.id, `${decl.name}: a row to update`).toBeDefined();
  for (const [name, field] of Object.entries(decl.fields)) {
    const v = validValue(field);
    if (v === undefined) throw new Error(`${decl.name}.${name}: no valid sample value (give the field an example)`);
    body[name] = v;
  }
  return body;
}

/** the sample matrix tenant's administrator, or the platform's for a resource only the platform writes (its answer: 401) */
const writers = new Map<string, string>();
async function writer(decl: ResourceDecl): Promise<string> {
  if (!writers.has(decl.name)) writers.set(decl.name, (await refusal(decl, {}, undefined, admin)).status === 401 ? platform : admin);
  return writers.get(decl.name)!;
}

/** rows of the resource (the sample matrix's): its page, or for a tree listed whole (roles, menus) its list's nodes */
async function rows(decl: ResourceDecl): Promise<Record<string, unknown>[]> {
  const token = await writer(decl);
  if (!decl.submitOnly) {
    const page = await api<{ records: Record<string, unknown>[] }>(h.server.url, token, 'GET', `${decl.path}/page`, { query: { current: 1, size: 5 } });
    return page.body.data.records;
  }
  const list = await api<Record<string, unknown>[]>(h.server.url, token, 'GET', `${decl.path}/list`);
  const flat = (nodes: Record<string, unknown>[]): Record<string, unknown>[] => nodes.flatMap((n) => [n, ...flat((n.children as Record<string, unknown>[] | undefined) ?? [])]);
  return flat(list.body.data);
}

/**
 * the envelope's msg of a write of this body, in the language asked for (none: no header): an insert, or with an
 * id an update (through submit for a resource written by submit only) (a field with a default can be emptied by an update only: an insert sending nothing takes the default)
 */
async function refusal(decl: ResourceDecl, body: Record<string, unknown>, language?: string, token?: string): Promise<{ status: number; msg: string }> {
  const headers: Record<string, string> = { Authorization: SABER, 'Blade-Auth': `bearer ${token ?? (await writer(decl))}`, 'Content-Type': 'application/json' };
  if (language) headers['Accept-Language'] = language;
  const write = decl.submitOnly ? 'submit' : body.id ? 'update' : 'save';
  const res = await fetch(`${h.server.url}${decl.path}/${write}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, msg: ((await res.json()) as { msg: string }).msg };
}

async function expectMessage(decl: ResourceDecl, body: Record<string, unknown>, key: MessageKey, what: string): Promise<void> {
  expect({ what, ...(await refusal(decl, body)) }).toEqual({ what, status: 400, msg: MESSAGES[key].zh });
  expect({ what, ...(await refusal(decl, body, 'en-GB,en;q=0.9,zh-CN;q=0.5')) }).toEqual({ what, status: 400, msg: MESSAGES[key].en });
  // any other language keeps the spec's Chinese
  expect({ what, ...(await refusal(decl, body, 'fr')) }).toEqual({ what, status: 400, msg: MESSAGES[key].zh });
}

describe.each(DECLARATIONS.map((d) => [d.name, d] as const))('%s: every declared rule, form bypassed', (_name, decl) => {
  it('a write breaking each rule gets its message in zh and in en', async () => {
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
      await expectMessage(decl, { ...(await validBody(decl)), ...cross.refused }, cross.message, `${decl.name} cross ${cross.field}`);
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
