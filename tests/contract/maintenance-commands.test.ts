// The maintenance commands of `npm run server` on the team server (issue 37, item 7): `unlock`, `backup`,
// `restore` and `import-local` take the team server's database from --database or SEO_DATABASE_URL, and an
// error names what is missing: a data folder without a database names --data, --database and
// SEO_DATABASE_URL; a database that cannot be reached, or that holds no back end, is named (without its
// password). The PostgreSQL cases run in the contract-postgres project.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closedPortUrl, ENGINE, login, sharedPostgres, startCli, stopChildren, tempDir, tokenCall } from './helpers';

const root = join(import.meta.dirname, '..', '..');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const folder = (): string => {
  const d = tempDir('seo-maint-');
  dirs.push(d);
  return d;
};

/** `npm run server -- <args>` to its end, SEO_DATABASE_URL only as given */
const runCli = (args: string[], databaseUrl?: string) => {
  const env = { ...process.env };
  delete env.SEO_DATABASE_URL;
  if (databaseUrl) env.SEO_DATABASE_URL = databaseUrl;
  return spawnSync(process.execPath, ['--import', 'tsx', 'src-server/cli.ts', ...args], { cwd: root, encoding: 'utf8', env });
};

describe('a command without a database says what to give', () => {
  it.each([
    ['unlock', ['unlock', 'admin']],
    ['backup', ['backup', '--to', '@/backup.tar.gz']],
  ])('%s in a data folder that holds none names --data, --database and SEO_DATABASE_URL', (command, args) => {
    const data = folder();
    const out = runCli([...args.map((a) => a.replace('@', folder())), '--data', data]);
    expect(out.status).toBe(1);
    expect(out.stderr).toContain(`${command}: `);
    expect(out.stderr).toContain(data);
    for (const what of ['--data', '--database', 'SEO_DATABASE_URL']) expect(out.stderr, what).toContain(what);
  });

  it('import-local without a database names --database and SEO_DATABASE_URL', () => {
    const out = runCli(['import-local', folder(), '--data', folder()]);
    expect(out.status).toBe(1);
    for (const what of ['import-local: ', '--database', 'SEO_DATABASE_URL']) expect(out.stderr, what).toContain(what);
  });
});

describe.runIf(ENGINE === 'postgres')('on the team server (PostgreSQL)', () => {
  it('unlock clears a lockout through --database, and through SEO_DATABASE_URL', async () => {
    const database = await (await sharedPostgres()).createDatabase();
    const { child, base } = await startCli(['--data', folder(), '--database', database]);
    try {
      const lock = async () => {
        for (let i = 0; i < 5; i++) expect((await tokenCall(base, { password: 'wrong' })).status).not.toBe(200);
        expect((await tokenCall(base, { password: 'admin' })).body.error).toBe('user_too_many_fails');
      };
      await lock();
      // the data folder need not be given: the database is the team server's
      const flag = runCli(['unlock', 'admin', '--data', folder(), '--database', database]);
      expect(flag.stderr).toBe('');
      expect(flag.stdout).toMatch(/^unlocked admin \(tenant 000000\): it was locked/);
      await expect(login(base)).resolves.toBeTruthy();
      await lock();
      const env = runCli(['unlock', 'admin', '--data', folder()], database);
      expect(env.stderr).toBe('');
      expect(env.stdout).toMatch(/^unlocked admin \(tenant 000000\): it was locked/);
      await expect(login(base)).resolves.toBeTruthy();
    } finally {
      await stopChildren([child]);
    }
  });

  it('a database that cannot be reached is named, without its password', async () => {
    const port = new URL(await closedPortUrl()).port;
    const url = `postgres://seo:SECRETPW@127.0.0.1:${port}/nowhere`;
    for (const args of [['unlock', 'admin'], ['backup', '--to', join(folder(), 'b.tar.gz')]]) {
      const out = runCli([...args, '--data', folder(), '--database', url]);
      expect(out.status, args[0]).toBe(1);
      expect(out.stderr).toContain(`${args[0]}: cannot reach the database postgres://seo@127.0.0.1:${port}/nowhere`);
      expect(out.stderr).not.toContain('SECRETPW');
    }
  });

  it('a database that holds no back end is named as such', async () => {
    const empty = await (await sharedPostgres()).createDatabase();
    const shown = empty.replace(/:[^:@/]*@/, '@');
    for (const args of [['unlock', 'admin'], ['backup', '--to', join(folder(), 'b.tar.gz')]]) {
      const out = runCli([...args, '--data', folder(), '--database', empty]);
      expect(out.status, args[0]).toBe(1);
      expect(out.stderr).toContain(`${args[0]}: the database ${shown} holds no back end`);
    }
  });
});
