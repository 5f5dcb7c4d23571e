#!/usr/bin/env node
// Sword 4.5, the stock open-source React console of SpringBlade, built from its
// unchanged source and served against our back end, for the compatibility tests
// (tests/sword).
//
// The source is public (MIT): Sword 4.5.0 (package.json sword-admin 4.5.0),
// https://github.com/chillzhuang/Sword (mirror https://gitee.com/smallc/Sword),
// commit 814f56ae2701310385cd0021919120a259ded947 of 2025-03-14. A checkout of it
// is read from SWORD_SOURCE (default: the copy the team's machines keep
// next to this checkout, SWORD_SOURCE below), never changed. Without it,
// `build` says so in one line and the Sword tests skip.
//
//   node scripts/sword.mjs build                 builds into .cache/sword/<source hash>/dist (once per source)
//   node scripts/sword.mjs serve --api URL --key HEX [--port P]
//                                                serves dist with /api/* proxied to URL's origin; prints `ready <url>`
//
// The source is copied to a temp folder and built as it is (`npm ci
// --ignore-scripts --legacy-peer-deps` from scripts/sword-package-lock.json, since the
// upstream ships no lock; then `umi build`
// with the legacy OpenSSL provider webpack 4 needs). Sword uses hash routes
// (/#/user/login) and calls /api/... on its own origin. Its SM2 public key
// (src/defaultSettings.js auth.publicKey, the same demo key as Saber's) is
// swapped for the back end's in the JavaScript served (scripts/stock-client.mjs).
import { join, resolve } from 'node:path';
import { STOCK_DEMO_KEY, ensureStockBuild, isMainScript, missingSource, root, serveStock, stockClientMain } from './stock-client.mjs';

export const SWORD_SOURCE = process.env.SWORD_SOURCE ?? resolve(root, '../shared/clients/sword-4.5');
/** The line said when the source is absent (undefined when it is there). */
export const swordSourceMissing = () =>
  missingSource({
    name: 'sword',
    title: 'Sword 4.5',
    env: 'SWORD_SOURCE',
    source: SWORD_SOURCE,
    upstream: 'https://github.com/chillzhuang/Sword (or https://gitee.com/smallc/Sword)',
    revision: 'commit 814f56ae2701310385cd0021919120a259ded947 (version 4.5.0)',
  });
/** Sword's demo public key in src/defaultSettings.js, replaced when served */
export const SWORD_DEMO_KEY = STOCK_DEMO_KEY;

/** The built dist folder, building it first when this source has none yet. */
export function ensureSwordBuild({ log = console.error } = {}) {
  return ensureStockBuild({
    name: 'sword',
    source: SWORD_SOURCE,
    // the upstream source ships no lock: scripts/sword-package-lock.json (`npm install
    // --package-lock-only --ignore-scripts --legacy-peer-deps` of its package.json) pins the versions
    lockfile: join(root, 'scripts', 'sword-package-lock.json'),
    // --ignore-scripts and PUPPETEER_SKIP_DOWNLOAD: no Chromium download for its (unused) test
    // tooling; PROGRESS=none: umi's progress bar would fill the test log
    env: { PUPPETEER_SKIP_DOWNLOAD: '1', NODE_OPTIONS: '--openssl-legacy-provider', PROGRESS: 'none' },
    log,
    build: (run) => {
      run('npm', ['ci', '--ignore-scripts', '--legacy-peer-deps', '--no-audit', '--no-fund', '--loglevel=error']);
      run('npx', ['umi', 'build']);
    },
  });
}

/** Serves a Sword build on 127.0.0.1 with /api/* proxied to `api` (http://host:port/api). */
export const serveSword = ({ dist, api, publicKey, port = 0 }) => serveStock({ dist, api, publicKey, demoKey: SWORD_DEMO_KEY, port });

if (isMainScript(import.meta.url)) stockClientMain({ name: 'sword', ensureBuild: ensureSwordBuild, serve: serveSword, missing: swordSourceMissing });
