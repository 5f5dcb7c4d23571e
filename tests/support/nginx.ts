// nginx as the team server's load balancer in a test (issue 29): Debian's
// `nginx` (scripts/prerequisites.sh installs it), run with a main config of the
// test's own in a temporary folder (`nginx -c FILE -p DIR`), never the system
// service. The http part is the repository's own docs/nginx/seo-matrix.conf,
// with the test's ports put in for the example ones: the file the README tells
// operators to use is the file under test.
//
//   const lb = await startNginx([portA, portB]);
//   fetch(`${lb.url}/api/...`);
//   await lb.close();
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const NGINX_CONF = resolve(import.meta.dirname, '../../docs/nginx/seo-matrix.conf');

export interface NginxServer {
  readonly port: number;
  /** http://127.0.0.1:PORT */
  readonly url: string;
  /** the access and error logs so far (for a failing test's message) */
  log(): string;
  /** the master process (its workers are its children) */
  masterPid(): number;
  /** requests so far that the instance on this port answered 200 (the access log's last upstream) */
  answeredBy(port: number): number;
  close(): Promise<void>;
}

function nginxBinary(): string {
  for (const p of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(p)) return p;
  throw new Error('nginx not found: run scripts/prerequisites.sh (Debian package nginx)');
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolvePort(port));
    });
  });
}

/** The repository's config with the listen port and the upstream servers of this test. */
export function siteConfig(listen: number, upstreams: number[]): string {
  const text = readFileSync(NGINX_CONF, 'utf8');
  const servers = [...text.matchAll(/^(\s*)server 127\.0\.0\.1:\d+( [^;]*)?;$/gm)];
  if (servers.length === 0 || !/^\s*listen 8080;$/m.test(text)) throw new Error(`${NGINX_CONF}: no example upstream servers or listen 8080`);
  const [indent, options] = [servers[0]![1], servers[0]![2] ?? ''];
  const lines = upstreams.map((p) => `${indent}server 127.0.0.1:${p}${options};`).join('\n');
  let first = true;
  return text
    .replace(/^\s*server 127\.0\.0\.1:\d+( [^;]*)?;$/gm, () => {
      if (!first) return '';
      first = false;
      return lines;
    })
    .replace(/^(\s*)listen 8080;$/m, `$1listen 127.0.0.1:${listen};`);
}

/** Starts nginx on a free loopback port in front of the given instance ports. */
export async function startNginx(upstreams: number[]): Promise<NginxServer> {
  const bin = nginxBinary();
  const dir = mkdtempSync(join(tmpdir(), 'seo-nginx-'));
  // as root the workers run as `nobody`, who must reach the temp folders
  chmodSync(dir, 0o755);
  for (const d of ['logs', 'temp']) mkdirSync(join(dir, d), { mode: 0o777 });
  const port = await freePort();
  writeFileSync(join(dir, 'site.conf'), siteConfig(port, upstreams));
  const asRoot = process.getuid?.() === 0;
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      ...(asRoot ? ['user nobody nogroup;'] : []),
      'worker_processes 1;',
      'daemon on;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'logs', 'error.log')} info;`,
      'events { worker_connections 1024; }',
      'http {',
      // the combined format plus the instance that answered (a test tells which instance nginx sends requests to)
      `  log_format withUpstream '$remote_addr [$time_local] "$request" $status upstream=$upstream_addr upstream_status=$upstream_status';`,
      `  access_log ${join(dir, 'logs', 'access.log')} withUpstream;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(dir, 'temp', t)};`),
      `  include ${join(dir, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const run = (...args: string[]) => spawnSync(bin, ['-p', dir, '-c', join(dir, 'nginx.conf'), ...args], { encoding: 'utf8' });
  const log = () =>
    ['error.log', 'access.log']
      .map((f) => join(dir, 'logs', f))
      .filter((f) => existsSync(f))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
  const started = run();
  if (started.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`nginx did not start: ${started.stderr}`);
  }
  let closed = false;
  const stop = () => {
    if (closed) return;
    closed = true;
    run('-s', 'stop');
    // the master is gone once its pid file is
    for (let i = 0; i < 50 && existsSync(join(dir, 'nginx.pid')); i++) spawnSync('sleep', ['0.1']);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    log,
    masterPid: () => Number(readFileSync(join(dir, 'nginx.pid'), 'utf8').trim()),
    answeredBy(port) {
      const file = join(dir, 'logs', 'access.log');
      if (!existsSync(file)) return 0;
      const last = new RegExp(`upstream=(?:[^ ]+, )*127\\.0\\.0\\.1:${port} upstream_status=(?:[^ ]+, )*200$`);
      return readFileSync(file, 'utf8').split('\n').filter((l) => last.test(l)).length;
    },
    async close() {
      stop();
    },
  };
}
