// The packaging configuration (build/electron-builder.yml), read and validated
// by electron-builder's own loader and schema: app id, Windows NSIS and macOS
// DMG targets with real icons, native modules unpacked from the asar, no
// rebuild by electron-builder, the generic update feed.

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, matchesGlob, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DebugLogger } from 'builder-util';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import type { Configuration } from 'app-builder-lib';

const root = resolve(import.meta.dirname, '../../..');

/** every file under dir whose name ends with ext */
function filesUnder(dir: string, ext: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const s = statSync(p);
    if (s.isDirectory()) filesUnder(p, ext, out);
    else if (name.endsWith(ext)) out.push(p);
  }
  return out;
}

const asList = <T>(v: T | T[] | null | undefined): T[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

describe('electron-builder configuration', async () => {
  const config: Configuration = await getConfig(root, 'build/electron-builder.yml', null);

  it('is valid for electron-builder and names the app', async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    expect(config.appId).toBe('com.seomatrix.console');
    expect(config.productName).toBe('SEO Matrix Console');
    // the loader normalises `files` to file sets
    const files = asList(config.files as (string | { filter?: string | string[] })[]).flatMap((f) => (typeof f === 'string' ? [f] : asList(f.filter)));
    expect(files).toEqual(expect.arrayContaining(['out/**', 'package.json']));
  });

  it('never rebuilds native modules, and unpacks every .node binary of better-sqlite3 and keytar from the asar', () => {
    expect(config.npmRebuild).toBe(false);
    const globs = asList(config.asarUnpack as string | string[]);
    const natives = ['better-sqlite3', 'keytar'].flatMap((m) => filesUnder(join(root, 'node_modules', m), '.node'));
    expect(natives.length).toBeGreaterThan(0);
    for (const file of natives) {
      const rel = relative(root, file);
      expect(globs.some((g) => matchesGlob(rel, g)), rel).toBe(true);
    }
    // the keyword preview's worker thread starts from a real file (src-main/services/KeywordFiles.ts)
    expect(globs.some((g) => matchesGlob('out/main/keyword-worker.js', g))).toBe(true);
  });

  it('builds a Windows NSIS installer and a macOS DMG, with icons that are real ICO / ICNS / PNG files', () => {
    const targets = (v: unknown) => asList(v as (string | { target: string })[]).map((t) => (typeof t === 'string' ? t : t.target));
    expect(targets(config.win?.target)).toEqual(['nsis']);
    expect(targets(config.mac?.target)).toEqual(['dmg']);
    const ico = readFileSync(join(root, config.win!.icon!));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => ico[6 + 16 * i] || 256);
    expect(sizes).toEqual(expect.arrayContaining([16, 32, 48, 256]));
    const icns = readFileSync(join(root, config.mac!.icon!));
    expect(icns.toString('latin1', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    expect(icns.includes(Buffer.from('ic10'))).toBe(true); // the 1024 px entry
    for (const png of ['build/icon.png', 'resources/icon.png']) {
      const b = readFileSync(join(root, png));
      expect(b.subarray(1, 4).toString('latin1'), png).toBe('PNG');
      expect(b.readUInt32BE(16), png).toBeGreaterThanOrEqual(512); // width from the IHDR chunk
    }
    expect(existsSync(join(root, 'resources/icon.svg'))).toBe(true);
  });

  it('publishes to a generic feed (latest.yml for electron-updater)', () => {
    const publish = asList(config.publish as { provider: string; url?: string }[]);
    expect(publish[0]).toMatchObject({ provider: 'generic' });
    expect(publish[0].url).toMatch(/^https?:\/\//);
  });
});
