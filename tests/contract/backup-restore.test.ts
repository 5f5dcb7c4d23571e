// `npm run server -- backup` under write load and `restore` into a fresh folder,
// with real server processes on real SQLite files: the restored folder holds
// the database as it was at one moment of the backup (every table's row count
// and content checksum as the manifest says, the loop's writes a gapless
// prefix) and the files; the restored server signs in and lists. A non-empty
// folder and damaged archives are refused with the reason.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, linkSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../src-server/backup/manifest';
import { tableStats } from '../../src-server/backup/sqlite-engine';
import { readTar, TarWriter } from '../../src-server/backup/tar-archive';
import { api, login, multipart, PNG, startCli, tempDir } from './helpers';

const root = join(import.meta.dirname, '..', '..');
const work = tempDir('seo-backup-test-');
const source = join(work, 'source');
const archive = join(work, 'backup.tar.gz');
const P = '/website-blade-system/param';
const servers: ChildProcessWithoutNullStreams[] = [];

afterAll(async () => {
  for (const child of servers) {
    if (child.exitCode !== null) continue;
    const exit = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    await exit;
  }
  rmSync(work, { recursive: true, force: true });
});

async function startServer(dataDir: string): Promise<string> {
  const { child, base } = await startCli(['--port', '0', '--data', dataDir]);
  servers.push(child);
  return base;
}

/** `npm run server -- <args>` to its end, without blocking this process (the write loop runs meanwhile). */
function runCli(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/cli.ts', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

async function manifestOf(file: string): Promise<Manifest> {
  let text = '';
  await readTar(file, async (entry) => {
    if (entry.path !== 'manifest.json') return void entry.resume();
    for await (const chunk of entry as AsyncIterable<Buffer>) text += chunk.toString('utf8');
  });
  return JSON.parse(text) as Manifest;
}

let manifest: Manifest;
/** writes acknowledged before the backup started, and started before it ended */
let ackedBefore = 0;
let startedBeforeEnd = 0;
/** when each load write was acknowledged (ms), by its number; the backup's printed "taken" time */
const ackTimes: number[] = [];
let printedTaken = '';
let uploads: Record<string, Buffer> = {};

beforeAll(async () => {
  const base = await startServer(source);
  const admin = await login(base);
  // an upload of each kind, before the backup
  const image = await multipart(base, admin, '/blade-resource/oss/endpoint/put-file', [{ name: 'file', value: PNG, filename: 'logo.png' }]);
  expect(image.body.success, JSON.stringify(image.body)).toBe(true);
  const doc = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const attach = await multipart(base, admin, '/blade-resource/oss/endpoint/put-file-attach', [{ name: 'file', value: doc, filename: '合同.pdf' }]);
  expect(attach.body.success, JSON.stringify(attach.body)).toBe(true);
  uploads = Object.fromEntries(readdirSync(join(source, 'upload')).map((n) => [n, readFileSync(join(source, 'upload', n))]));
  // a local site as release-publisher leaves it: two releases sharing unchanged files by hard links, `current` a symlink
  const site = join(source, 'sites', '7', 'example.com');
  mkdirSync(join(site, 'releases', 'r1'), { recursive: true });
  mkdirSync(join(site, 'releases', 'r2'));
  writeFileSync(join(site, 'releases', 'r1', 'index.html'), '<h1>r1</h1>');
  linkSync(join(site, 'releases', 'r1', 'index.html'), join(site, 'releases', 'r2', 'index.html'));
  writeFileSync(join(site, 'releases', 'r2', 'about.html'), '<h1>about</h1>');
  symlinkSync('releases/r2', join(site, 'current'));
  expect(Object.keys(uploads).length).toBeGreaterThanOrEqual(2);

  // the write load: params load.0, load.1 ... one after another through the API, while the backup runs
  let n = 0;
  let acked = 0;
  let stop = false;
  const loop = (async () => {
    while (!stop) {
      const i = n++;
      const res = await api(base, admin, 'POST', `${P}/submit`, { json: { paramName: `load ${i}`, paramKey: `load.${i}`, paramValue: String(i) } });
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
      acked = i + 1;
      ackTimes[i] = Date.now();
    }
  })();
  while (acked < 20) await new Promise((r) => setTimeout(r, 5));
  ackedBefore = acked;
  const backup = await runCli(['backup', '--to', archive, '--data', source]);
  startedBeforeEnd = n;
  const duringBackup = acked - ackedBefore;
  while (acked < startedBeforeEnd + 10) await new Promise((r) => setTimeout(r, 5));
  stop = true;
  await loop;
  expect(backup.stderr).toBe('');
  expect(backup.status).toBe(0);
  expect(backup.stdout).toMatch(/^backup written to .*backup\.tar\.gz: sqlite schema \d+, \d+ tables/);
  expect(duringBackup, 'writes went on while the backup ran').toBeGreaterThan(0);
  manifest = await manifestOf(archive);
  printedTaken = /, taken (\S+)$/m.exec(backup.stdout)?.[1] ?? '';
}, 120_000);

describe('backup', () => {
  it('says what it holds: format, engine, schema version, creation time, tables and files with checksums', () => {
    expect(manifest).toMatchObject({ format: 'seo-matrix-console-backup', formatVersion: 1, engine: 'sqlite' });
    const db = new Database(join(source, 'server.db'), { readonly: true });
    try {
      const highest = (db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number }).v;
      expect(manifest.schemaVersion).toBe(highest);
    } finally {
      db.close();
    }
    expect(Date.parse(manifest.createdAt)).not.toBeNaN();
    expect(manifest.tables.blade_param!.rows).toBeGreaterThan(ackedBefore);
    expect(manifest.database['server.db']!.sha256).toMatch(/^[0-9a-f]{64}$/);
    const files = new Map(manifest.files.map((f) => [f.path, f]));
    for (const name of Object.keys(uploads)) expect(files.get(`upload/${name}`)).toMatchObject({ type: 'file', size: uploads[name]!.length });
    expect(files.get('content-secret.key')?.type).toBe('file');
    expect([...files.keys()].filter((p) => p.startsWith('server.db'))).toEqual([]);
    expect(files.get('sites/7/example.com/current')).toMatchObject({ type: 'symlink', target: 'releases/r2' });
    expect(files.get('sites/7/example.com/releases/r2/index.html')).toMatchObject({ type: 'hardlink', target: 'sites/7/example.com/releases/r1/index.html' });
  });

  it('refuses a file that exists or lies inside the data folder', async () => {
    const again = await runCli(['backup', '--to', archive, '--data', source]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(`backup: ${archive} exists; give a new file name (a backup never overwrites)`);
    const inside = await runCli(['backup', '--to', join(source, 'self.tar.gz'), '--data', source]);
    expect(inside.status).toBe(1);
    expect(inside.stderr).toContain('is inside the data folder');
    expect(existsSync(join(source, 'self.tar.gz'))).toBe(false);
  }, 60_000);
});

describe('restore', () => {
  const restored = join(work, 'restored');
  let base = '';

  it('brings the backup into a new folder: every table as at the moment of the backup, the files as they were', async () => {
    const done = await runCli(['restore', '--from', archive, '--data', restored]);
    expect(done.stderr).toBe('');
    expect(done.status).toBe(0);
    expect(done.stdout).toMatch(/^restored into /);

    const db = new Database(join(restored, 'server.db'), { readonly: true });
    try {
      const tables = (db.prepare("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map((r) => r.name);
      expect(tables.sort()).toEqual(Object.keys(manifest.tables).sort());
      // blade_setting holds one row more: the restored copy's background work waits to be resumed (jobs/pause.ts)
      for (const t of tables) {
        const { c } = db.prepare(`SELECT COUNT(*) AS c FROM "${t}"`).get() as { c: number };
        expect(c, t).toBe(manifest.tables[t]!.rows + (t === 'blade_setting' ? 1 : 0));
      }
      const { blade_setting: _setting, ...restoredTables } = tableStats(db);
      const { blade_setting: _settingBacked, ...backedTables } = manifest.tables;
      expect(restoredTables).toEqual(backedTables);
      const pause = db.prepare("SELECT value FROM blade_setting WHERE key = 'jobs.paused'").get() as { value: string } | undefined;
      expect(JSON.parse(pause?.value ?? '{}')).toMatchObject({ by: 'restore' });
      // one moment: the loop's rows are load.0 .. load.(k-1) with no gap, every write acknowledged before the backup started among them
      const keys = (db.prepare("SELECT param_key FROM blade_param WHERE param_key LIKE 'load.%'").all() as { param_key: string }[]).map((r) => Number(r.param_key.slice(5)));
      keys.sort((a, b) => a - b);
      expect(keys).toEqual(keys.map((_, i) => i));
      expect(keys.length).toBeGreaterThanOrEqual(ackedBefore);
      expect(keys.length).toBeLessThanOrEqual(startedBeforeEnd);
      // the printed time is the snapshot's: every write acknowledged before it is in the backup
      expect(printedTaken).toBe(manifest.createdAt);
      expect(keys.length).toBeGreaterThanOrEqual(ackTimes.filter((t) => t < Date.parse(printedTaken)).length);
    } finally {
      db.close();
    }
    for (const [name, bytes] of Object.entries(uploads)) expect(readFileSync(join(restored, 'upload', name)).equals(bytes), name).toBe(true);
    expect(readFileSync(join(restored, 'content-secret.key'), 'utf8')).toBe(readFileSync(join(source, 'content-secret.key'), 'utf8'));
    const site = join(restored, 'sites', '7', 'example.com');
    expect(lstatSync(join(site, 'current')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(site, 'current'))).toBe('releases/r2');
    expect(readFileSync(join(site, 'current', 'index.html'), 'utf8')).toBe('<h1>r1</h1>');
    expect(statSync(join(site, 'releases', 'r2', 'index.html')).ino).toBe(statSync(join(site, 'releases', 'r1', 'index.html')).ino);
    expect(readFileSync(join(site, 'releases', 'r2', 'about.html'), 'utf8')).toBe('<h1>about</h1>');
  }, 60_000);

  it('the restored server starts, signs in as admin/admin and lists', async () => {
    base = await startServer(restored);
    const admin = await login(base, { password: 'admin' });
    const page = await api<{ total: number; records: { paramKey: string }[] }>(base, admin, 'GET', `${P}/list`, { query: { current: 1, size: 10, paramKey: 'load.0' } });
    expect(page.body.success).toBe(true);
    expect(page.body.data.records.map((r) => r.paramKey)).toContain('load.0');
    const image = Object.keys(uploads).find((n) => n.endsWith('.png'))!;
    const file = await fetch(`${base}/blade-resource/oss/endpoint/file/${image}`, { headers: { 'Blade-Auth': `bearer ${admin}` } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(uploads[image]!)).toBe(true);
  }, 60_000);

  it('refuses a folder that holds anything, and leaves it as it was', async () => {
    const busy = join(work, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'notes.txt'), 'mine');
    const done = await runCli(['restore', '--from', archive, '--data', busy]);
    expect(done.status).toBe(1);
    expect(done.stderr).toContain(`restore: ${busy} is not empty; restore into an empty or new folder (it never overwrites)`);
    expect(readdirSync(busy)).toEqual(['notes.txt']);
  }, 60_000);

  it('refuses a damaged archive with the reason, leaving nothing behind', async () => {
    const bytes = readFileSync(archive);
    // an upload's bytes changed inside an intact archive: the manifest's checksum says so
    const tar = gunzipSync(bytes);
    const image = Object.keys(uploads).find((n) => n.endsWith('.png'))!;
    const at = tar.indexOf(uploads[image]!, tar.indexOf(Buffer.from(`files/upload/${image}`)));
    expect(at).toBeGreaterThan(0);
    const tampered = Buffer.from(tar);
    tampered[at + uploads[image]!.length - 1] ^= 0xff;
    const cases: [string, Buffer, RegExp][] = [
      ['tampered', gzipSync(tampered), new RegExp(`restore: the archive does not match its manifest: upload/${image}: checksum mismatch`)],
      ['bit-flipped', Buffer.concat([bytes.subarray(0, 2000), Buffer.from([bytes[2000]! ^ 0xff]), bytes.subarray(2001)]), /restore: the archive is damaged or not a backup \(.+\)/],
      ['cut short', bytes.subarray(0, Math.floor(bytes.length / 2)), /restore: (the archive is damaged or not a backup \(.+\)|the archive has no manifest\.json)/],
      ['not a backup', Buffer.from('hello, not an archive\n'.repeat(100)), /restore: (the archive is damaged or not a backup \(.+\)|the archive has no manifest\.json)/],
    ];
    // archives that would write outside the folder
    const crafted = async (name: string, add: (w: TarWriter) => Promise<void>): Promise<Buffer> => {
      const file = join(work, `${name}.crafted`);
      const w = new TarWriter(file);
      await add(w);
      await w.finish();
      return readFileSync(file);
    };
    cases.push(
      ['escaping', await crafted('escaping', (w) => w.buffer('files/../escaped.txt', Buffer.from('x'))), /restore: entry files\/\.\.\/escaped\.txt is not a data-folder path/],
      ['linking out', await crafted('linking', (w) => w.link('files/sites/out', 'SymbolicLink', '../../etc', new Date())), /restore: symlink files\/sites\/out points outside the data folder/],
    );
    for (const [what, content, reason] of cases) {
      const file = join(work, `${what}.tar.gz`);
      writeFileSync(file, content);
      const target = join(work, `into-${what.replace(/ /g, '-')}`);
      const done = await runCli(['restore', '--from', file, '--data', target]);
      expect(done.status, what).toBe(1);
      expect(done.stderr, what).toMatch(reason);
      expect(existsSync(target), what).toBe(false);
    }
    expect(existsSync(join(work, 'escaped.txt'))).toBe(false);
  }, 120_000);
});
