// Secrets at rest that are not the content area's (issue 37, item 8): the SMS
// configurations' secret key (blade_sms.secret_key) and the OAuth clients' secret
// (blade_client.client_secret) are stored sealed with the install's key
// (SecretBox, as server passwords, AI keys and object storage secrets are): the
// resources seal what a form saves; the server opens a client's secret only to
// check a sign-in's Basic auth. Rows written in clear (the first start's seed,
// an install from before, a Local workspace moved in) are sealed at the start of
// an instance (one at a time: buildApp runs under STARTUP_LOCK).
import { sql, type Queries } from '../db/data-layer';
import type { SecretBox } from '../util/secret-box';

/** the prefix of a sealed value (SecretBox.seal) */
const SEALED_PREFIX = 'v1:';

/** table and column of each secret sealed here */
export const SEALED_COLUMNS: readonly (readonly [table: 'blade_sms' | 'blade_client', column: 'secret_key' | 'client_secret'])[] = [
  ['blade_sms', 'secret_key'],
  ['blade_client', 'client_secret'],
];

export function isSealed(stored: string | null | undefined): boolean {
  return !!stored && stored.startsWith(SEALED_PREFIX);
}

/** A stored secret in clear: opened when sealed; a row not sealed yet holds it in clear. */
export function openStored(box: SecretBox, stored: string | null | undefined): string {
  if (!stored) return '';
  return isSealed(stored) ? box.open(stored) : stored;
}

/**
 * A resource's beforeWrite: the secret `field` of the row a form gave, sealed for the store. A row without it (an
 * edit that sent the mask back or nothing: the stored one stays) is left as it is.
 */
export function sealField(box: SecretBox, row: Record<string, unknown>, field: string): void {
  const value = row[field];
  if (typeof value === 'string' && value !== '') row[field] = box.seal(value);
}

/**
 * Seals the secrets of SEALED_COLUMNS still held in clear; answers how many rows it sealed. Each row is sealed only
 * if it still holds what was read (an edit meanwhile wins).
 */
export async function sealClearSecrets(q: Queries, box: SecretBox): Promise<number> {
  let sealed = 0;
  for (const [table, column] of SEALED_COLUMNS) {
    const t = sql.table(table);
    const c = sql.ref(column);
    const clear = await q.all(sql<{ id: string; v: string }>`SELECT id, ${c} AS v FROM ${t}
      WHERE ${c} IS NOT NULL AND ${c} <> '' AND ${c} NOT LIKE ${`${SEALED_PREFIX}%`}`);
    for (const row of clear) sealed += await q.run(sql`UPDATE ${t} SET ${c} = ${box.seal(row.v)} WHERE id = ${row.id} AND ${c} = ${row.v}`);
  }
  return sealed;
}
