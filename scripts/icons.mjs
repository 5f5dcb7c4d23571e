#!/usr/bin/env node
// `node scripts/icons.mjs`: the application icons from resources/icon.svg,
// rendered by headless Chromium (Playwright) at each size:
//   resources/icon.png   512 px, the window icon at run time (Linux, dev)
//   build/icon.png       1024 px, electron-builder's source icon
//   build/icon.ico       16-256 px PNG entries (Windows, NSIS)
//   build/icon.icns      32-1024 px PNG entries (macOS, DMG)

import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright';

const root = resolve(import.meta.dirname, '..');
const svg = readFileSync(resolve(root, 'resources/icon.svg'), 'utf8');

async function render(sizes) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const out = new Map();
    for (const size of sizes) {
      const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
      await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
      out.set(size, await page.locator('svg').screenshot({ omitBackground: true }));
      await page.close();
    }
    return out;
  } finally {
    await browser.close();
  }
}

/** ICO: a 6-byte header, a 16-byte directory entry per image, then the PNG images. */
function ico(pngs) {
  const entries = [...pngs.entries()];
  const header = Buffer.alloc(6 + 16 * entries.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(entries.length, 4);
  let offset = header.length;
  entries.forEach(([size, png], i) => {
    const e = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, e); // 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, e + 1);
    header.writeUInt16LE(1, e + 4); // colour planes
    header.writeUInt16LE(32, e + 6); // bits per pixel
    header.writeUInt32LE(png.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...entries.map(([, png]) => png)]);
}

/** ICNS: 'icns' + total length, then typed PNG entries (ic11 32, ic12 64, ic07 128, ic08 256, ic09 512, ic10 1024). */
function icns(pngs) {
  const types = { 32: 'ic11', 64: 'ic12', 128: 'ic07', 256: 'ic08', 512: 'ic09', 1024: 'ic10' };
  const parts = Object.entries(types).map(([size, type]) => {
    const png = pngs.get(Number(size));
    const head = Buffer.alloc(8);
    head.write(type, 0, 'latin1');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'latin1');
  head.writeUInt32BE(8 + parts.reduce((n, p) => n + p.length, 0), 4);
  return Buffer.concat([head, ...parts]);
}

const pngs = await render([16, 24, 32, 48, 64, 128, 256, 512, 1024]);
writeFileSync(resolve(root, 'resources/icon.png'), pngs.get(512));
writeFileSync(resolve(root, 'build/icon.png'), pngs.get(1024));
writeFileSync(resolve(root, 'build/icon.ico'), ico(new Map([16, 24, 32, 48, 64, 128, 256].map((s) => [s, pngs.get(s)]))));
writeFileSync(resolve(root, 'build/icon.icns'), icns(pngs));
console.log('icons written: resources/icon.png, build/icon.png, build/icon.ico, build/icon.icns');
