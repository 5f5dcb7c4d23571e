#!/usr/bin/env node
// Saber 4.9, the stock open-source BladeX console, built from its unchanged
// source and served against our back end, for the compatibility tests
// (tests/saber) and the benchmarks.
//
// The source is public (MIT): Saber 4.9.0 (package.json saber-admin 4.9.0),
// https://github.com/chillzhuang/Saber (mirror https://gitee.com/smallc/Saber),
// commit 8162b112a275c2340e83075eeaf5a7272a79caf0 of 2026-05-07. A checkout of it
// is read from SABER_SOURCE (default: the copy the team's machines keep
// next to this checkout, SABER_SOURCE below), never changed. Without it,
// `build` says so in one line and the Saber tests skip.
//
//   node scripts/saber.mjs build                 builds into .cache/saber/<source hash>/dist (once per source)
//   node scripts/saber.mjs serve --api URL --key HEX [--port P]
//                                                serves dist with /api/* proxied to URL's origin; prints `ready <url>`
//
// The source is copied to a temp folder and built as it is (`npm ci`, `vite
// build` with VITE_APP_API=/api). Its SM2 public key (website.js auth.publicKey)
// must be the back end's: the build keeps Saber's demo key and the server swaps
// it for the given key in the JavaScript it serves, so one cached build works
// against any data folder's key. The shared parts are in scripts/stock-client.mjs.
import { resolve } from 'node:path';
import { STOCK_DEMO_KEY, ensureStockBuild, isMainScript, missingSource, root, serveStock, sourceHash as hashOf, stockClientMain } from './stock-client.mjs';

export const SABER_SOURCE = process.env.SABER_SOURCE ?? resolve(root, '../shared/clients/saber-4.9');
/** The line said when the source is absent (undefined when it is there). */
export const saberSourceMissing = () =>
  missingSource({
    name: 'saber',
    title: 'Saber 4.9',
    env: 'SABER_SOURCE',
    source: SABER_SOURCE,
    upstream: 'https://github.com/chillzhuang/Saber (or https://gitee.com/smallc/Saber)',
    revision: 'commit 8162b112a275c2340e83075eeaf5a7272a79caf0 (version 4.9.0)',
  });
/** Saber's demo public key in src/config/website.js, replaced when served */
export const SABER_DEMO_KEY = STOCK_DEMO_KEY;

export const sourceHash = (dir = SABER_SOURCE) => hashOf(dir);

/** The built dist folder, building it first when this source has none yet. */
export function ensureSaberBuild({ log = console.error } = {}) {
  return ensureStockBuild({
    name: 'saber',
    source: SABER_SOURCE,
    env: { VITE_APP_API: '/api' },
    log,
    build: (run) => {
      // npm 11's `npm ci` refuses the shipped lock file (it lacks rollup's optional
      // platform packages); `npm install` then installs the same tree from it
      if (!run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=silent'], { optional: true })) {
        run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
      }
      run('npx', ['vite', 'build', '--logLevel', 'warn']);
    },
  });
}

/** Serves a Saber build on 127.0.0.1 with /api/* proxied to `api` (http://host:port/api). */
export const serveSaber = ({ dist, api, publicKey, port = 0 }) => serveStock({ dist, api, publicKey, demoKey: SABER_DEMO_KEY, port });

if (isMainScript(import.meta.url)) stockClientMain({ name: 'saber', ensureBuild: ensureSaberBuild, serve: serveSaber, missing: saberSourceMissing });
