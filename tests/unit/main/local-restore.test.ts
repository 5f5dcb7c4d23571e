// 恢复 of the Local workspace (src-main/services/LocalRestore.ts) on the real embedded back end: the backup
// restored into the data folder, the folder before kept beside it, the back end serving again on its port;
// a damaged file refused with its reason and the workspace as it was, serving again.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../src-server/app';
import { backupDataFolder } from '../../../src-server/backup/commands';
import { asideFolder, restoreLocalWorkspace, validateRestoreSource } from '../../../src-main/services/LocalRestore';
import { LocalServer } from '../../../src-main/services/LocalServer';
import { backupLocalWorkspace } from '../../../src-main/services/LocalBackup';
import { DeskError, toErrorShape } from '../../../src-main/services/errors';
import { tempDir } from './helpers';

let tmp: ReturnType<typeof tempDir>;
let local: LocalServer;
let dataDir: string;
let backup: string;

const health = async (): Promise<number> => (await fetch(`${local.running().url}/health`)).status;
const asides = (): string[] => readdirSync(dirname(dataDir)).filter((n) => n.startsWith(`${basename(dataDir)}-before-restore-`));

beforeAll(async () => {
  tmp = tempDir('smc-restore-');
  dataDir = join(tmp.dir, 'server');
  local = new LocalServer(await startServer({ dataDir, port: 0 }), (dir, port) => startServer({ dataDir: dir, port }));
  mkdirSync(join(dataDir, 'uploads'), { recursive: true });
  writeFileSync(join(dataDir, 'uploads', 'before.txt'), 'before');
  backup = join(tmp.dir, 'backup.tar.gz');
  await backupDataFolder(dataDir, backup);
  // what changes after the backup
  writeFileSync(join(dataDir, 'uploads', 'after.txt'), 'after');
}, 60_000);

afterAll(async () => {
  await local.close();
  tmp.remove();
});

describe('restore of the Local workspace', () => {
  it('refuses a damaged file with its reason: the data folder as it was, nothing set aside, serving on the same port', async () => {
    const port = local.running().port;
    const bytes = readFileSync(backup);
    const damaged = join(tmp.dir, 'damaged.tar.gz');
    writeFileSync(damaged, Buffer.concat([bytes.subarray(0, bytes.length >> 1), Buffer.from('xxxxxxxx'), bytes.subarray((bytes.length >> 1) + 8)]));
    const refused = await restoreLocalWorkspace({ path: damaged }, local).then(() => null, (e: unknown) => e);
    expect(refused).toBeInstanceOf(DeskError);
    expect((refused as DeskError).code).toBe(400);
    expect((refused as DeskError).message).toMatch(/damaged|not a backup|mismatch/);
    // the reason crosses to the renderer coded, with its parameters (it translates them)
    // zlib's own words depend on what the damaged bytes decode to (the backup differs each run: keys, times):
    // 'incorrect data check' mostly, 'invalid stored block lengths' or 'invalid block type' about once in 20
    expect(toErrorShape(refused).reason).toEqual({ code: 'archiveCompressedDamaged', params: { detail: expect.stringMatching(/^zlib: \S/) } });
    expect(toErrorShape(refused).message).toBe((refused as DeskError).message);
    expect(readFileSync(join(dataDir, 'uploads', 'after.txt'), 'utf8')).toBe('after');
    expect(asides()).toEqual([]);
    expect(local.running().port).toBe(port);
    expect(await health()).toBe(200);
  }, 60_000);

  it('refuses a file that is not there, and bytes that are no backup, the same way', async () => {
    const missing = join(tmp.dir, 'none.tar.gz');
    await expect(restoreLocalWorkspace({ path: missing }, local)).rejects.toMatchObject({
      code: 400,
      message: `the backup file ${missing} does not exist`,
      reason: { code: 'backupFileMissing', params: { file: missing } },
    });
    // bytes that are no archive: refused by the restore itself, its reason (the archive's words kept as the detail)
    await expect(restoreLocalWorkspace({ name: 'x.tar.gz', base64: Buffer.from('hello').toString('base64') }, local)).rejects.toMatchObject({
      code: 400,
      reason: { code: expect.stringMatching(/^(archiveNotTar|noManifest)$/) },
    });
    expect(existsSync(join(dataDir, 'uploads', 'after.txt'))).toBe(true);
    expect(asides()).toEqual([]);
    expect(readdirSync(tmp.dir).filter((n) => n.startsWith('.restore-'))).toEqual([]);
    expect(await health()).toBe(200);
  }, 60_000);

  it('restores the backup into the data folder, keeps the folder before beside it and serves the restored data on the same port', async () => {
    const port = local.running().port;
    const { result, server } = await restoreLocalWorkspace({ name: 'backup.tar.gz', base64: readFileSync(backup).toString('base64') }, local);
    expect(server.port).toBe(port);
    expect(result).toMatchObject({ engine: 'sqlite', keptAt: expect.stringContaining(`${dataDir}-before-restore-`) });
    expect(result.tables).toBeGreaterThan(10);
    expect(result.rows).toBeGreaterThan(0);
    expect(result.files).toBeGreaterThanOrEqual(1);
    expect(Date.parse(result.takenAt)).not.toBeNaN();
    // the restored folder: the backup's files, not what came after
    expect(readFileSync(join(dataDir, 'uploads', 'before.txt'), 'utf8')).toBe('before');
    expect(existsSync(join(dataDir, 'uploads', 'after.txt'))).toBe(false);
    // the folder before, whole, beside it
    expect(asides()).toEqual([basename(result.keptAt)]);
    expect(readFileSync(join(result.keptAt, 'uploads', 'after.txt'), 'utf8')).toBe('after');
    expect(existsSync(join(result.keptAt, 'server.db'))).toBe(true);
    expect(await health()).toBe(200);
    const db = new Database(join(dataDir, 'server.db'), { readonly: true });
    try {
      expect(db.prepare("SELECT account FROM blade_user WHERE account = 'admin'").get()).toEqual({ account: 'admin' });
    } finally {
      db.close();
    }
  }, 60_000);

  it('runs one restore at a time', async () => {
    const first = restoreLocalWorkspace({ path: join(tmp.dir, 'none.tar.gz') }, local);
    await expect(restoreLocalWorkspace({ path: backup }, local)).rejects.toMatchObject({ code: 409, message: 'a restore of the Local workspace is already running', reason: { code: 'restoreRunning' } });
    await expect(first).rejects.toThrow(/does not exist/);
    expect(await health()).toBe(200);
  });

  it('refuses a backup while a restore runs, and a restore while a backup runs; each runs again once the other is done', async () => {
    const target = (name: string) => join(tmp.dir, `${name}.tar.gz`);
    // a real restore of the real backup: the back end stopped, the data folder moved aside meanwhile
    const restoring = restoreLocalWorkspace({ path: backup }, local);
    expect(local.restoring).toBe(true);
    const during = await backupLocalWorkspace(dataDir, async () => target('during-restore'), local).then(() => null, (e: unknown) => e);
    expect(during).toBeInstanceOf(DeskError);
    expect(during).toMatchObject({ code: 409, reason: { code: 'backupDuringRestore' } });
    expect(toErrorShape(during).reason).toEqual({ code: 'backupDuringRestore' });
    expect(existsSync(target('during-restore'))).toBe(false);
    await restoring;
    expect(await health()).toBe(200);

    // a real backup of the data folder: a restore asked meanwhile is refused and changes nothing
    const backingUp = backupLocalWorkspace(dataDir, async () => target('while-backing-up'), local);
    expect(local.backingUp).toBe(true);
    const port = local.running().port;
    await expect(restoreLocalWorkspace({ path: backup }, local)).rejects.toMatchObject({ code: 409, reason: { code: 'restoreDuringBackup' } });
    await expect(backupLocalWorkspace(dataDir, async () => target('second'), local)).rejects.toMatchObject({ code: 409, reason: { code: 'backupDuringBackup' } });
    const done = await backingUp;
    expect(done.path).toBe(target('while-backing-up'));
    expect(done.tables).toBeGreaterThan(10);
    expect(local.running().port).toBe(port);
    expect(existsSync(target('second'))).toBe(false);

    // neither runs now: a backup goes through again (refused only for its own reason: the file exists)
    await expect(backupLocalWorkspace(dataDir, async () => target('while-backing-up'), local)).rejects.toMatchObject({
      code: 500,
      reason: { code: 'backupExists', params: { file: target('while-backing-up') } },
    });
    expect((await backupLocalWorkspace(dataDir, async () => target('after'), local)).path).toBe(target('after'));
    expect(await health()).toBe(200);
  }, 60_000);

  it('names the folder kept aside by the time, never one that exists', () => {
    const at = new Date(2026, 10, 26, 20, 3, 9);
    expect(asideFolder(join(tmp.dir, 'x'), at)).toBe(join(tmp.dir, 'x-before-restore-20261126-200309'));
    mkdirSync(join(tmp.dir, 'x-before-restore-20261126-200309'));
    expect(asideFolder(join(tmp.dir, 'x'), at)).toBe(join(tmp.dir, 'x-before-restore-20261126-200309-2'));
  });

  it('checks the source the renderer sends', () => {
    const refusalOf = (req: unknown) => {
      try {
        validateRestoreSource(req);
      } catch (e) {
        return toErrorShape(e);
      }
      return null;
    };
    expect(refusalOf(null)).toMatchObject({ code: 400, message: 'request must be an object', reason: { code: 'requestNotObject' } });
    expect(refusalOf({ name: 'a' })).toMatchObject({ code: 400, reason: { code: 'contentRequired' } });
    expect(refusalOf({ base64: 'AA==' })).toMatchObject({ code: 400, message: 'name is required', reason: { code: 'nameRequired' } });
    expect(refusalOf({ path: 'a\0b' })).toMatchObject({ reason: { code: 'pathInvalid' } });
    expect(refusalOf({ name: 'big.tar.gz', base64: 'A'.repeat(70 * 1024 * 1024) })).toMatchObject({ reason: { code: 'fileTooLarge', params: { file: 'big.tar.gz', limitMb: 50 } } });
    expect(validateRestoreSource({ path: '/a/b.tar.gz' })).toEqual({ path: '/a/b.tar.gz' });
  });
});
