// What the database itself says about its tables, on either engine: their
// names, their columns in order with the primary key, and a count and checksum
// of each table's content that reads the same on SQLite and PostgreSQL (the
// same rows give the same sha256), for import-local and restore checks.
import { createHash } from 'node:crypto';
import { sql, type Queries } from './data-layer';
import type { TableStats } from '../backup/engine';

export interface TableColumn {
  name: string;
  /** position in the primary key (1-based), 0 when not part of it */
  pk: number;
  /** holds text (ordered byte-wise for checksums on both engines) */
  text: boolean;
}

/** The application's tables, sorted by name (virtual tables, their shadow tables and the engine's own left out). */
export async function listTables(q: Queries): Promise<string[]> {
  return (await q.all(q.dialect.tables())).map((r) => r.name);
}

/** A table's columns in their declared order. */
export async function listColumns(q: Queries, table: string): Promise<TableColumn[]> {
  return (await q.all(q.dialect.columnsOf(table))).map((r) => ({ name: r.name, pk: Number(r.pk), text: /CHAR|CLOB|TEXT/i.test(r.type) }));
}

const BATCH = 5000;

/** Rows as JSON lines, the same text on both engines for the same values. */
function line(row: Record<string, unknown>, columns: TableColumn[]): string {
  return `${JSON.stringify(columns.map((c) => {
    const v = row[c.name];
    return Buffer.isBuffer(v) ? `x'${v.toString('hex')}'` : v;
  }))}\n`;
}

/**
 * Each table's row count and sha256 over its rows in primary-key order (text compared byte-wise on both
 * engines), each row its values in column order as one JSON line; read in batches by the key.
 */
export async function tableStatsOf(q: Queries, tables?: readonly string[]): Promise<TableStats> {
  const stats: TableStats = {};
  const byteWise = (c: TableColumn) => (c.text && q.engine === 'postgres' ? sql`${sql.id(c.name)} COLLATE "C"` : sql.id(c.name));
  for (const table of tables ?? (await listTables(q))) {
    const columns = await listColumns(q, table);
    const key = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    const hash = createHash('sha256');
    let rows = 0;
    if (key.length === 1) {
      const k = key[0]!;
      let last: unknown;
      for (;;) {
        const after = last === undefined ? sql`` : sql`WHERE ${byteWise(k)} > ${last}`;
        const batch = await q.all(sql<Record<string, unknown>>`SELECT * FROM ${sql.id(table)} ${after} ORDER BY ${byteWise(k)} LIMIT ${BATCH}`);
        for (const row of batch) hash.update(line(row, columns));
        rows += batch.length;
        if (batch.length < BATCH) break;
        last = batch[batch.length - 1]![k.name];
      }
    } else {
      const order = (key.length ? key : columns).map(byteWise);
      const all = await q.all(sql<Record<string, unknown>>`SELECT * FROM ${sql.id(table)} ORDER BY ${sql.join(order)}`);
      for (const row of all) hash.update(line(row, columns));
      rows = all.length;
    }
    stats[table] = { rows, sha256: hash.digest('hex') };
  }
  return stats;
}
