import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir, tokenCall } from './helpers';

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
