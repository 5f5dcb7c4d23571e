// The browser-mode host the browser benchmarks drive (src-main/web/cli.ts):
// starting it, calling its main services (rpc) and reading the captcha's answer.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';

const root = resolve(import.meta.dirname, '..');

/** a browser-mode host (src-main/web/cli.ts) on `dataDir`; shared by the benchmarks (bench.mjs, bench-consoles.mjs, bench-accessibility.mjs) */
export async function startHost(dataDir, extra = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-main/web/cli.ts', '--port', '0', '--data', dataDir, ...extra], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await readyUrl(child, 'host');
  return { url, stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))) };
}

/** the URL of a started host or server's `ready <url>` line on its stdout (`what` names it when it exits first) */
export function readyUrl(child, what) {
  return new Promise((res, rej) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      const m = /^ready (\S+)$/m.exec(out);
      if (m) res(m[1]);
    });
    child.on('exit', (code) => rej(new Error(`${what} exited ${code}`)));
  });
}

export async function rpc(hostUrl, channel, req = null) {
  const u = new URL(hostUrl);
  const res = await fetch(`${u.origin}/rpc/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-desk-key': u.searchParams.get('k') ?? '' },
    body: JSON.stringify({ req }),
  });
  return res.json();
}

/** the newest captcha's answer (the one on the page) from the back end's database */
export function captchaCode(dbPath) {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare('SELECT code FROM blade_captcha ORDER BY rowid DESC LIMIT 1').get().code;
  } finally {
    db.close();
  }
}
