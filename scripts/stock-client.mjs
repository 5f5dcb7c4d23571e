// What the stock-console scripts (scripts/saber.mjs, scripts/sword.mjs) share:
// a build cached by the hash of the unchanged source, and a small server that
// serves the build with /api/* proxied to the back end and the SM2 demo public
// key swapped for the back end's in the JavaScript it serves.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The SM2 demo public key both stock consoles ship (Saber's website.js, Sword's defaultSettings.js). */
export const STOCK_DEMO_KEY =
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

/** A short hash of every file of a source tree (node_modules and dist left out). */
export function sourceHash(dir, extra = []) {
  const h = createHash('sha256');
  for (const f of files(dir)) {
    h.update(relative(dir, f));
    h.update(readFileSync(f));
  }
  for (const f of extra) h.update(readFileSync(f));
  return h.digest('hex').slice(0, 16);
}

/**
 * Where a stock console's public source comes from, for the line said when this checkout has none:
 * `{ name, title, env, source, upstream, revision }`. Undefined when the source is there.
 * The tests and benchmarks that need it say this one line and skip (tests/stock-consoles/source-absent.spec.ts).
 */
export function missingSource({ name, title, env, source, upstream, revision }) {
  if (existsSync(join(source, 'package.json'))) return undefined;
  return `${name}: no ${title} source at ${source}, the ${title} tests are skipped; get ${upstream} at ${revision} and point ${env} at it`;
}

/**
 * The built dist folder of a stock console, kept in .cache/<name>/<source hash>/dist;
 * built first (the source copied to a temp folder, then `build(run, copy)`) when this source has none.
 * `run(cmd, args, { optional })` runs one step in the copy with `env` added to the environment.
 * `lockfile`: this repository's package-lock for a source that ships none, copied into the
 * copy (so `npm ci` installs the same versions on every machine) and part of the cache key.
 */
export function ensureStockBuild({ name, source, lockfile, env = {}, build, log = console.error }) {
  if (!existsSync(join(source, 'package.json'))) throw new Error(`${name} source not found at ${source} (see scripts/${name}.mjs for where to get it)`);
  const ownLock = existsSync(join(source, 'package-lock.json'));
  const extra = !ownLock && lockfile ? [lockfile] : [];
  const dist = join(root, '.cache', name, sourceHash(source, extra), 'dist');
  if (existsSync(join(dist, 'index.html'))) return dist;
  const work = mkdtempSync(join(tmpdir(), `${name}-build-`));
  try {
    const src = join(work, name);
    cpSync(source, src, { recursive: true, filter: (p) => !p.split(sep).includes('node_modules') });
    for (const lock of extra) cpSync(lock, join(src, 'package-lock.json'));
    const fullEnv = { ...process.env, ...env };
    const run = (cmd, args, { optional = false } = {}) => {
      log(`${name}: ${cmd} ${args.join(' ')}`);
      const r = spawnSync(cmd, args, { cwd: src, env: fullEnv, stdio: ['ignore', 'inherit', 'inherit'] });
      if (r.status !== 0 && !optional) throw new Error(`${name}: ${cmd} ${args.join(' ')} failed (${r.status})`);
      return r.status === 0;
    };
    build(run, src);
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

/**
 * Serves a stock console's build on 127.0.0.1 with /api/* proxied (prefix kept) to
 * `api` (http://host:port/api) and `demoKey` replaced by `publicKey` in every script.
 * Unknown paths answer index.html (history routers).
 */
export function serveStock({ dist, api, publicKey, demoKey = STOCK_DEMO_KEY, port = 0 }) {
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
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) file = join(dist, 'index.html');
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    if (extname(file) === '.js') {
      const text = readFileSync(file, 'utf8').replaceAll(demoKey, publicKey);
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

/** The command line of scripts/<name>.mjs: `build` | `serve --api URL --key HEX [--port P]`; `missing()`: the line said when the source is absent. */
export function stockClientMain({ name, ensureBuild, serve, missing, argv = process.argv }) {
  const main = async () => {
    const [command, ...rest] = argv.slice(2);
    // no source: `build` says so in one line and succeeds (the tests skip in their turn), `serve` cannot
    const absent = missing?.();
    if (absent && command === 'build') return void console.log(absent);
    if (absent) throw new Error(absent);
    const arg = (n) => {
      const i = rest.indexOf(`--${n}`);
      return i >= 0 ? rest[i + 1] : undefined;
    };
    const usage = `usage: node scripts/${name}.mjs build | serve --api URL --key HEX [--port P]`;
    if (command === 'build') {
      process.stdout.write(`${ensureBuild()}\n`);
    } else if (command === 'serve') {
      const api = arg('api');
      const key = arg('key');
      if (!api || !key) throw new Error(usage);
      const served = await serve({ dist: ensureBuild(), api, publicKey: key, port: Number(arg('port') ?? 0) });
      process.stdout.write(`ready ${served.url}\n`);
    } else {
      throw new Error(usage);
    }
  };
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}

/** True when the module at `metaUrl` is the script node was started with. */
export const isMainScript = (metaUrl) => Boolean(process.argv[1]) && resolve(process.argv[1]) === fileURLToPath(metaUrl);
