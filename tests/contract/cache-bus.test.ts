// Cache clears cross instances (issue 29): data layers on one PostgreSQL
// database stand for instances; a clear published by one reaches every one (a
// clear inside a transaction at its commit, none after a rollback), survives a
// restart of the database (the listener comes back and clears, since it may
// have missed one), and SQLite's bus is silent.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteDataLayer, postgresDataLayer, type DataLayer } from '../../src-server/db/data-layer';
import { openCacheBus, type CacheBus } from '../../src-server/system/cache-bus';
import { startPostgres, type PostgresServer } from '../support/postgres';

let server: PostgresServer;
let url: string;
const open: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  server = await startPostgres();
  url = await server.createDatabase();
}, 60_000);
afterAll(async () => {
  for (const o of open.reverse()) await o.close();
  await server?.close();
});

async function instance(): Promise<{ data: DataLayer; bus: CacheBus; clears: () => number }> {
  const data = postgresDataLayer(url, { max: 4 });
  let n = 0;
  const bus = await openCacheBus(data, { clear: () => n++, session: () => undefined });
  open.push(data, bus);
  return { data, bus, clears: () => n };
}

async function until(what: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!what()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the cache bus', () => {
  it('on PostgreSQL: a clear published by one instance reaches every instance, itself too', async () => {
    const a = await instance();
    const b = await instance();
    const c = await instance();
    await a.bus.publish();
    await until(() => a.clears() === 1 && b.clears() === 1 && c.clears() === 1);
    await b.bus.publish();
    await until(() => a.clears() === 2 && b.clears() === 2 && c.clears() === 2);
  });

  it('a clear published in a transaction arrives at its commit, and never after a rollback', async () => {
    const a = await instance();
    const b = await instance();
    let heardBeforeCommit = -1;
    await a.data.transaction(async (trx) => {
      await a.bus.publish(trx);
      await new Promise((r) => setTimeout(r, 200));
      heardBeforeCommit = b.clears();
    });
    expect(heardBeforeCommit).toBe(0);
    await until(() => b.clears() === 1);
    await expect(
      a.data.transaction(async (trx) => {
        await a.bus.publish(trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // a later clear arrives, the rolled-back one never did
    await a.bus.publish();
    await until(() => b.clears() === 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(b.clears()).toBe(2);
  });

  it('listens again after the database restarts, and clears on coming back', async () => {
    const a = await instance();
    const b = await instance();
    await server.restart({ mode: 'fast', downMs: 300 });
    // back: b cleared once for the gap, then hears a again
    await until(() => b.clears() >= 1);
    const before = b.clears();
    let published = false;
    for (let i = 0; i < 50 && !published; i++) {
      published = await a.bus.publish().then(() => true, () => false);
      if (!published) await new Promise((r) => setTimeout(r, 100));
    }
    expect(published).toBe(true);
    await until(() => b.clears() === before + 1);
  }, 30_000);

  it('on SQLite there is no other instance: publish does nothing and nothing is heard', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seo-bus-'));
    const data = openSqliteDataLayer(dir);
    let n = 0;
    const bus = await openCacheBus(data, { clear: () => n++, session: () => n++ });
    expect(bus.hearing).toBe(false);
    await bus.publish();
    await bus.close();
    await data.close();
    rmSync(dir, { recursive: true, force: true });
    expect(n).toBe(0);
  });
});
