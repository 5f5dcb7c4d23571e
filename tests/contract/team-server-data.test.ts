// Moving data into and out of the team server (issue 29), on a real PostgreSQL:
// - `npm run server -- import-local <folder> --database URL` moves a Local
//   workspace (the sample matrix, users, a role, an article, an upload) into an
//   empty database and data folder: every table's count and checksum equal the
//   workspace's, the file opens through the team server, the moved admin signs
//   in; a second run refuses and duplicates nothing;
// - `backup --database` while writes go on, `restore --database` into a fresh
//   database and folder: counts and checksums equal the backup's moment, and the
//   restored server signs in and lists.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src-server/db/seed';
import { listTables, tableStatsOf } from '../../src-server/db/catalog';
import { MOVED_FILE } from '../../src-server/backup/import-local';
import { readPause } from '../../src-server/jobs/pause';
import { openSqliteDataLayer, postgresDataLayer, sql } from '../../src-server/db/data-layer';
import { startPostgres, type PostgresServer } from '../support/postgres';
import { api, login, multipart, PNG, startCli, startHarness, tempDir, type Harness } from './helpers';

const repoRoot = resolve(import.meta.dirname, '../..');
let pg: PostgresServer;

beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.close();
});

/** `npm run server -- <args>` to its end: exit code and output */
function cli(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/cli.ts', ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    child.on('exit', (code) => done({ code, out }));
  });
}

async function stopCli(child: import('node:child_process').ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

describe('import-local', () => {
  let local: Harness;
  let upload = '';
  beforeAll(async () => {
    local = await startHarness();
    const base = local.server.url;
    const token = await login(base);
    const post = (path: string, json: unknown) => api<Record<string, unknown>>(base, token, 'POST', path, { json });
    expect((await post('/website-blade-system/sampleMatrix/load', {})).status).toBe(200);
    const role = await post('/website-blade-system/role/submit', { roleName: '编辑', roleAlias: 'editor', parentId: '0', sort: 5 });
    expect(role.body.code, JSON.stringify(role.body)).toBe(200);
    const user = await post('/website-blade-system/user/submit', {
      account: 'writer', name: '写手', realName: '王五', password: 'secret1', password2: 'secret1', roleId: SEED_IDS.userRole, deptId: SEED_IDS.dept,
    });
    expect(user.body.code, JSON.stringify(user.body)).toBe(200);
    // search traffic: rows of the tables SQLite keeps WITHOUT ROWID (search_daily, search_daily_all)
    const traffic = await post('/seo-blade-deploy/dashboard/import', { rows: [{ day: '2026-10-01', clicks: 3, impressions: 40, position: 2.5 }, { day: '2026-10-02', clicks: 4, impressions: 50 }] });
    expect(traffic.body.code, JSON.stringify(traffic.body)).toBe(200);
    const put = await multipart(base, token, '/blade-resource/oss/endpoint/put-file?scene=image', [{ name: 'file', value: PNG, filename: 'logo.png' }]);
    expect(put.body.code).toBe(200);
    upload = String((put.body.data as { name: string }).name);
    await local.server.close();
  }, 120_000);

  it('moves the workspace, ids kept, counts and checksums equal; a second run refuses', async () => {
    const database = await pg.createDatabase();
    const teamDir = tempDir('seo-team-data-');
    const first = await cli(['import-local', local.dataDir, '--database', database, '--data', teamDir]);
    expect(first.code, first.out).toBe(0);
    expect(first.out).toMatch(/^imported \d+ tables \(\d+ rows\)/m);

    const source = openSqliteDataLayer(local.dataDir);
    const target = postgresDataLayer(database, { max: 2 });
    try {
      const want = await tableStatsOf(source);
      const got = await tableStatsOf(target);
      for (const table of Object.keys(want)) {
        if (table === 'schema_migrations' || table === 'id_worker') continue;
        if (table === 'blade_setting') {
          // the import's own mark and the pause of the moved work (jobs/pause.ts) are the rows added
          expect(got[table]!.rows, table).toBe(want[table]!.rows + 2);
          continue;
        }
        expect(got[table], table).toEqual(want[table]);
      }
      expect(want.website_info!.rows).toBeGreaterThan(0);
      expect(want.article!.rows).toBeGreaterThan(0);
      expect(want.search_daily!.rows).toBe(2);
      expect(want.search_daily_all!.rows).toBe(2);
      // the workspace's jobs and schedules wait for the platform administrator
      expect(await readPause(target)).toMatchObject({ by: 'import-local' });
      const writer = await target.get(sql<{ account: string }>`SELECT account FROM blade_user WHERE account = 'writer'`);
      expect(writer?.account).toBe('writer');

      // the second run refuses with the reason and adds nothing
      const again = await cli(['import-local', local.dataDir, '--database', database, '--data', tempDir('seo-team-data-')]);
      expect(again.code).not.toBe(0);
      expect(again.out).toContain('已导入过');
      expect(await tableStatsOf(target, ['blade_user', 'article'])).toEqual({ blade_user: got.blade_user, article: got.article });
    } finally {
      await source.close();
      await target.close();
    }

    // the files came along: the team server serves the upload, the moved admin and writer sign in
    expect(readdirSync(join(teamDir, 'upload'))).toContain(upload);
    const { child, base } = await startCli(['--database', database, '--data', teamDir]);
    try {
      const token = await login(base);
      const file = await fetch(`${base}/blade-resource/oss/endpoint/file/${upload}`);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer())).toEqual(Buffer.from(readFileSync(join(local.dataDir, 'upload', upload))));
      const users = await api<{ records: { account: string }[] }>(base, token, 'GET', '/website-blade-system/user/page', { query: { size: 100 } });
      expect(users.body.data.records.map((u) => u.account)).toEqual(expect.arrayContaining(['admin', 'writer']));
      expect(await login(base, { username: 'writer', password: 'secret1' })).toBeTruthy();
    } finally {
      await stopCli(child);
    }
  }, 180_000);

  it('remembers in the workspace where it went: a move into a second database asks for --again', async () => {
    // the workspace went into a database already (the test above, or here)
    if (!existsSync(join(local.dataDir, MOVED_FILE))) {
      const first = await cli(['import-local', local.dataDir, '--database', await pg.createDatabase(), '--data', tempDir('seo-team-data-')]);
      expect(first.code, first.out).toBe(0);
    }
    const before = JSON.parse(readFileSync(join(local.dataDir, MOVED_FILE), 'utf8')) as { database: string; dataDir: string; at: string }[];
    expect(before.length).toBeGreaterThanOrEqual(1);
    const second = await pg.createDatabase();
    const teamDir = tempDir('seo-team-data-');
    const refused = await cli(['import-local', local.dataDir, '--database', second, '--data', teamDir]);
    expect(refused.code).not.toBe(0);
    expect(refused.out).toContain('--again');
    expect(refused.out).toContain(before[before.length - 1]!.database);
    // nothing happened to the second database nor the folder
    const target = postgresDataLayer(second, { max: 1 });
    try {
      expect(await listTables(target)).toEqual([]);
    } finally {
      await target.close();
    }
    expect(readdirSync(teamDir)).toEqual([]);

    const again = await cli(['import-local', local.dataDir, '--database', second, '--data', teamDir, '--again']);
    expect(again.code, again.out).toBe(0);
    const after = JSON.parse(readFileSync(join(local.dataDir, MOVED_FILE), 'utf8')) as { database: string; dataDir: string; at: string }[];
    expect(after.length).toBe(before.length + 1);
    expect(after[after.length - 1]).toMatchObject({ database: second, dataDir: teamDir });
    // the team server's folder does not carry the workspace's memory of its moves
    expect(existsSync(join(teamDir, MOVED_FILE))).toBe(false);
  }, 180_000);

  it('refuses a database that holds another workspace\'s data', async () => {
    const database = await pg.createDatabase();
    // a team server that has started once holds its own seeded rows
    const { child } = await startCli(['--database', database, '--data', tempDir('seo-team-data-')]);
    await stopCli(child);
    const r = await cli(['import-local', local.dataDir, '--database', database, '--data', tempDir('seo-team-data-')]);
    expect(r.code).not.toBe(0);
    expect(r.out).toContain('已有数据');
  }, 120_000);
});

describe('backup and restore on PostgreSQL', () => {
  it('backs up while writes go on and restores into a fresh database: the backup\'s counts and checksums, and it serves', async () => {
    const database = await pg.createDatabase();
    const dataDir = tempDir('seo-team-data-');
    const { child, base } = await startCli(['--database', database, '--data', dataDir]);
    const archive = join(tempDir('seo-team-backup-'), 'team.tar.gz');
    /** when each load write was acknowledged (ms), by its number */
    const acked: number[] = [];
    let taken = '';
    try {
      const token = await login(base);
      // writes through the server for as long as the backup runs
      let writing = true;
      let written = 0;
      const load = (async () => {
        while (writing) {
          const r = await api(base, token, 'POST', '/website-blade-system/param/submit', { json: { paramName: `负载${written}`, paramKey: `load.${written}`, paramValue: 'x' } });
          if (r.status === 200) acked[written++] = Date.now();
        }
      })();
      const backup = await cli(['backup', '--to', archive, '--database', database, '--data', dataDir]);
      writing = false;
      await load;
      expect(backup.code, backup.out).toBe(0);
      expect(backup.out).toMatch(/^backup written to .*: postgres schema \d+/m);
      expect(written).toBeGreaterThan(0);
      taken = /, taken (\S+)$/m.exec(backup.out)?.[1] ?? '';
    } finally {
      await stopCli(child);
    }

    const manifest = JSON.parse(await readManifest(archive)) as { tables: Record<string, { rows: number; sha256: string }>; createdAt: string };
    // the printed time is the snapshot's: every write acknowledged before it is in the backup
    expect(taken).toBe(manifest.createdAt);
    const takenMs = Date.parse(taken);
    const ackedBeforeTaken = acked.filter((t) => t < takenMs).length;
    const fresh = await pg.createDatabase();
    const restoredDir = tempDir('seo-team-restored-');
    const restored = await cli(['restore', '--from', archive, '--database', fresh, '--data', restoredDir]);
    expect(restored.code, restored.out).toBe(0);
    const target = postgresDataLayer(fresh, { max: 2 });
    let listed = 0;
    try {
      // every table as backed up, but blade_setting: one row more, the copy's paused background work (jobs/pause.ts)
      const { blade_setting: setting, ...restoredTables } = await tableStatsOf(target);
      const { blade_setting: settingBacked, ...backedTables } = manifest.tables;
      expect(restoredTables).toEqual(backedTables);
      expect(setting!.rows).toBe(settingBacked!.rows + 1);
      expect(await readPause(target)).toMatchObject({ by: 'restore' });
      // a backup made under load holds some of the load's rows, each whole
      listed = (await target.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM blade_param WHERE tenant_id = '000000' AND is_deleted = 0`))!.n;
      expect(listed).toBeGreaterThan(0);
      const keys = new Set((await target.all(sql<{ k: string }>`SELECT param_key AS k FROM blade_param WHERE param_key LIKE 'load.%'`)).map((r) => r.k));
      for (let i = 0; i < ackedBeforeTaken; i++) expect(keys.has(`load.${i}`), `load.${i}, acknowledged before ${taken}`).toBe(true);
    } finally {
      await target.close();
    }
    const again = await startCli(['--database', fresh, '--data', restoredDir]);
    try {
      const token = await login(again.base);
      const params = await api<{ total: number }>(again.base, token, 'GET', '/website-blade-system/param/page', { query: { size: 1 } });
      expect(params.body.data.total).toBe(listed);
    } finally {
      await stopCli(again.child);
    }
    // a second restore into the now full database is refused, and leaves it as it was
    const twice = await cli(['restore', '--from', archive, '--database', fresh, '--data', tempDir('seo-team-restored-')]);
    expect(twice.code).not.toBe(0);
    expect(twice.out).toContain('already holds tables');
  }, 240_000);
});

/** the manifest.json of a backup archive (the last entry of the gzip tar) */
async function readManifest(archive: string): Promise<string> {
  const { readTar } = await import('../../src-server/backup/tar-archive');
  let text = '';
  await readTar(archive, async (entry) => {
    if (entry.path !== 'manifest.json') {
      entry.resume();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const c of entry as AsyncIterable<Buffer>) chunks.push(c);
    text = Buffer.concat(chunks).toString('utf8');
  });
  return text;
}
