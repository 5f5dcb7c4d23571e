// Install-wide key/value settings kept in the database (e.g. the JWT secret).
import { sql, type DataLayer, type Queries } from '../db/data-layer';

const read = (key: string) => sql<{ value: string }>`SELECT value FROM blade_setting WHERE key = ${key}`;
const write = (key: string, value: string) =>
  sql`INSERT INTO blade_setting (key, value) VALUES (${key}, ${value}) ON CONFLICT (key) DO UPDATE SET value = excluded.value`;

export async function getSetting(q: Queries, key: string): Promise<string | undefined> {
  return (await q.get(read(key)))?.value;
}

export async function setSetting(q: Queries, key: string, value: string): Promise<void> {
  await q.run(write(key, value));
}

/**
 * The settings `keys` (a key pair, a secret), made together by `make` where they are missing. A store that
 * lacks all of them gets them in one transaction with ON CONFLICT DO NOTHING, then reads them back: of two
 * instances making them at once (a team server's first start) the first one's values win and both answer
 * those. Some present but not all, or refused by `usable`: all made anew (a damaged store).
 */
export async function settingsOnce(
  data: DataLayer,
  keys: readonly string[],
  make: () => string[],
  usable: (values: string[]) => boolean = () => true,
): Promise<string[]> {
  const readAll = async (q: Queries) => {
    const values: (string | undefined)[] = [];
    for (const key of keys) values.push(await getSetting(q, key));
    return values;
  };
  const current = await readAll(data);
  const complete = (values: (string | undefined)[]): values is string[] => values.every((v) => v !== undefined);
  if (complete(current) && usable(current)) return current;
  return data.transaction(async (trx) => {
    const made = make();
    // what is missing is inserted unless another instance got there first (its values then stay); read back in
    // this transaction: the read above took one statement per key, so it may have seen half of another's commit
    for (const [i, key] of keys.entries()) {
      await trx.run(sql`INSERT INTO blade_setting (key, value) VALUES (${key}, ${made[i]}) ON CONFLICT (key) DO NOTHING`);
    }
    const stored = await readAll(trx);
    const ours = stored.filter((v, i) => v === made[i]).length;
    // all another's, or all ours: one set; a mix (half a pair was there) or an unusable set is made anew
    if (complete(stored) && (ours === 0 || ours === keys.length) && usable(stored)) return stored;
    for (const [i, key] of keys.entries()) await setSetting(trx, key, made[i]!);
    return made;
  });
}
