import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE, login, sharedPostgres, startCli, tempDir, tokenCall } from './helpers';

const root = join(import.meta.dirname, '..', '..');
const dir = join(tempDir(), 'nested', 'data');
afterAll(() => rmSync(join(dir, '..', '..'), { recursive: true, force: true }));

describe('npm run server', () => {
  it('creates the folder, prints the ready line then the SM2 public key, answers, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/cli.ts', '--port', '0', '--data', dir], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const lines: string[] = [];
    const rl = createInterface({ input: child.stdout });
    const first = await new Promise<string>((resolve, reject) => {
      rl.on('line', (l) => {
        lines.push(l);
        if (lines.length === 1) resolve(l);
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
    });
    const m = /^ready (http:\/\/127\.0\.0\.1:(\d+)\/api)$/.exec(first);
    expect(m, first).not.toBeNull();
    const res = await tokenCall(m![1]);
    expect(res.status).toBe(200);
    const captcha = await fetch(`${m![1]}/blade-auth/oauth/captcha`);
    expect(captcha.status).toBe(200);

    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(lines).toEqual([first, expect.stringMatching(/^sm2-public-key 04[0-9a-f]{128}$/)]);
  });
});

describe('npm run server -- --database (the team server)', () => {
  const data = join(tempDir(), 'team', 'data');
  afterAll(() => rmSync(join(data, '..', '..'), { recursive: true, force: true }));

  it.runIf(ENGINE === 'postgres')('serves a PostgreSQL database (its data folder created): the ready line, health says postgres, stops on SIGTERM with 0', async () => {
    const database = await (await sharedPostgres()).createDatabase();
    const { child, base } = await startCli(['--port', '0', '--data', data, '--database', database]);
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      expect(existsSync(data)).toBe(true);
      expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
      const health = (await (await fetch(`${base}/health`)).json()) as { code: number; data: Record<string, unknown> };
      expect(health.code).toBe(200);
      expect(health.data).toMatchObject({ engine: 'postgres', database: 'up' });
      expect((await tokenCall(base)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exit).toBe(0);
  });
});

const runCli = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'src-server/cli.ts', ...args], { cwd: root, encoding: 'utf8' });

describe('npm run server -- unlock', () => {
  const data = join(tempDir(), 'unlock-data');
  afterAll(() => rmSync(data, { recursive: true, force: true }));

  it('clears the lockout of the last administrator, locked by 5 wrong passwords, while the back end runs', async () => {
    const { child, base } = await startCli(['--port', '0', '--data', data]);
    try {
      for (let i = 0; i < 5; i++) expect((await tokenCall(base, { password: 'wrong' })).status).not.toBe(200);
      const locked = await tokenCall(base, { password: 'admin' });
      expect(locked.status).not.toBe(200);
      expect(locked.body.error).toBe('user_too_many_fails');

      const done = runCli(['unlock', 'admin', '--tenant', '000000', '--data', data]);
      expect(done.stderr).toBe('');
      expect(done.status).toBe(0);
      expect(done.stdout).toMatch(/^unlocked admin \(tenant 000000\): it was locked/);
      await expect(login(base, { password: 'admin' })).resolves.toBeTruthy();

      // nobody of that name, no database: the reason on stderr, exit 1
      const nobody = runCli(['unlock', 'nobody', '--data', data]);
      expect(nobody.status).toBe(1);
      expect(nobody.stderr).toContain('no account nobody in tenant 000000');
      const nowhere = runCli(['unlock', 'admin', '--data', join(data, 'missing')]);
      expect(nowhere.status).toBe(1);
      expect(nowhere.stderr).toContain('no back-end database');
    } finally {
      const exit = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      await exit;
    }
  });
});
