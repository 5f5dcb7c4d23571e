#!/usr/bin/env node
// Saber 4.9, the stock open-source BladeX console, built from its unchanged
// source in ../shared/clients/saber-4.9 and served against our back end, for
// the compatibility tests (tests/saber) and the benchmarks.
//
//   node scripts/saber.mjs build                 builds into .cache/saber/<source hash>/dist (once per source)
//   node scripts/saber.mjs serve --api URL --key HEX [--port P]
//                                                serves dist with /api/* proxied to URL's origin; prints `ready <url>`
//
// The source is copied to a temp folder and built as it is (`npm ci`, `vite
// build` with VITE_APP_API=/api). Its SM2 public key (website.js auth.publicKey)
// must be the back end's: the build keeps Saber's demo key and the server swaps
// it for the given key in the JavaScript it serves, so one cached build works
// against any data folder's key.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SABER_SOURCE = process.env.SABER_SOURCE ?? resolve(root, '../shared/clients/saber-4.9');
const CACHE = join(root, '.cache', 'saber');
/** Saber's demo public key in src/config/website.js, replaced when served */
export const SABER_DEMO_KEY =
  '048ecaec81db406275b5fd8a18164c4a58cc8575159b89d3cb61871cab34bd267fe0a7543277d4c9cfd13c946c507c3e8dfe0121b845ba968221eaf64a242cf7f0';

function files(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    if (name === 'node_modules' || name === 'dist') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else out.push(p);
  }
  return out;
}

export function sourceHash(dir = SABER_SOURCE) {
  const h = createHash('sha256');
  for (const f of files(dir)) {
    h.update(relative(dir, f));
    h.update(readFileSync(f));
  }
  return h.digest('hex').slice(0, 16);
}

/** The built dist folder, building it first when this source has none yet. */
export function ensureSaberBuild({ log = console.error } = {}) {
  if (!existsSync(join(SABER_SOURCE, 'package.json'))) throw new Error(`Saber source not found at ${SABER_SOURCE}`);
  const dist = join(CACHE, sourceHash(), 'dist');
  if (existsSync(join(dist, 'index.html'))) return dist;
  const work = mkdtempSync(join(tmpdir(), 'saber-build-'));
  try {
    const src = join(work, 'saber');
    cpSync(SABER_SOURCE, src, { recursive: true, filter: (p) => !p.split(sep).includes('node_modules') });
    const env = { ...process.env, VITE_APP_API: '/api' };
    const run = (cmd, args, { optional = false } = {}) => {
      log(`saber: ${cmd} ${args.join(' ')}`);
      const r = spawnSync(cmd, args, { cwd: src, env, stdio: ['ignore', 'inherit', 'inherit'] });
      if (r.status !== 0 && !optional) throw new Error(`saber: ${cmd} ${args.join(' ')} failed (${r.status})`);
      return r.status === 0;
    };
    // npm 11's `npm ci` refuses the shipped lock file (it lacks rollup's optional
    // platform packages); `npm install` then installs the same tree from it
    if (!run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=silent'], { optional: true })) {
      run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
    }
    run('npx', ['vite', 'build', '--logLevel', 'warn']);
    mkdirSync(dirname(dist), { recursive: true });
    renameSync(join(src, 'dist'), dist);
    return dist;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

/** Serves a Saber build on 127.0.0.1 with /api/* proxied to `api` (http://host:port/api). */
export function serveSaber({ dist, api, publicKey, port = 0 }) {
  const target = new URL(api);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/api/')) {
      const upstream = httpRequest(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on('error', (err) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(String(err));
      });
      req.pipe(upstream);
      return;
    }
    let file = join(dist, decodeURIComponent(url.pathname));
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) file = join(dist, 'index.html'); // history router
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    if (extname(file) === '.js') {
      const text = readFileSync(file, 'utf8').replaceAll(SABER_DEMO_KEY, publicKey);
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' });
      res.end(text);
      return;
    }
    res.writeHead(200, { 'content-type': type });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolveServer) => {
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolveServer({ url: `http://127.0.0.1:${address.port}`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const arg = (name) => {
    const i = rest.indexOf(`--${name}`);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  if (command === 'build') {
    process.stdout.write(`${ensureSaberBuild()}\n`);
  } else if (command === 'serve') {
    const api = arg('api');
    const key = arg('key');
    if (!api || !key) throw new Error('usage: node scripts/saber.mjs serve --api URL --key HEX [--port P]');
    const served = await serveSaber({ dist: ensureSaberBuild(), api, publicKey: key, port: Number(arg('port') ?? 0) });
    process.stdout.write(`ready ${served.url}\n`);
  } else {
    throw new Error('usage: node scripts/saber.mjs build | serve --api URL --key HEX [--port P]');
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
