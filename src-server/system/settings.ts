// Install-wide key/value settings kept in the data folder's database (e.g. the JWT secret).
import type { Db } from '../db/database';

export function getSetting(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM blade_setting WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function setSetting(db: Db, key: string, value: string): void {
  db.prepare(
    'INSERT INTO blade_setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  ).run(key, value);
}
