// What counts as "the database is away" (src-server/db/unavailable.ts): only what the PostgreSQL data layer
// tags, from a connection it could not get or a query that ended its connection; never a query's own
// error, SQLite's busy, or a refused connection to something else (an AI provider, a storage).
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectionLost, DatabaseUnavailable, isDatabaseUnavailable } from '../../../src-server/db/unavailable';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('isDatabaseUnavailable', () => {
  it('a query that ended its connection is wrapped; a query of its own error is left as it is', () => {
    for (const e of [pgError('57P01', 'terminating connection due to administrator command'), pgError('57P03', 'the database system is starting up'), pgError('08006', 'connection failure'), new Error('Connection terminated unexpectedly'), Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })]) {
      const tagged = connectionLost(e);
      expect(tagged).toBeInstanceOf(DatabaseUnavailable);
      expect(isDatabaseUnavailable(tagged)).toBe(true);
    }
    for (const e of [pgError('23505', 'duplicate key value violates unique constraint'), pgError('42601', 'syntax error')]) {
      expect(connectionLost(e)).toBe(e);
      expect(isDatabaseUnavailable(e)).toBe(false);
    }
  });

  it('found through a cause chain; an untagged refusal (fetch to an AI provider) and SQLite busy are not an outage', async () => {
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: new DatabaseUnavailable(new Error('connect ECONNREFUSED')) }))).toBe(true);
    const refused = await fetch('http://127.0.0.1:1/').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(refused)).toBe(false);
    // A file of its own in a temporary folder: better-sqlite3 does not read `file:` URIs, so a shared
    // in-memory name would become a file in the working directory.
    const dir = mkdtempSync(join(tmpdir(), 'busy-'));
    const path = join(dir, 'busy.db');
    const one = new Database(path, { timeout: 0 } as Database.Options);
    const two = new Database(path, { timeout: 0 } as Database.Options);
    try {
      one.exec('CREATE TABLE t (x)');
      one.exec('BEGIN EXCLUSIVE');
      let busy: unknown;
      try {
        two.exec('INSERT INTO t VALUES (1)');
      } catch (e) {
        busy = e;
      }
      expect(String((busy as { code?: string })?.code)).toMatch(/SQLITE_(BUSY|LOCKED)/);
      expect(isDatabaseUnavailable(busy)).toBe(false);
    } finally {
      one.close();
      two.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
