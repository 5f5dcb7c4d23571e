// The keyword preview's counting module (src-main/services/keywordScan.wat) on
// its own: the embedded bytes are the .wat's, and the counts match split, trim
// and Set where the set is pushed to its edges (a table that doubles many
// times, keys with equal hashes, a line longer than the module's input, white
// space at every place trim looks).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assemble, moduleText, OUT } from '../../../scripts/wasm.mjs';
import { counter, LineScanner, NotUtf8, scanKeywords } from '../../../src-main/services/keywordScan';
import { keywordCounts as reference } from './helpers';

const counted = (bytes: Buffer, tableLog2?: number, piece = 1 << 20) => {
  const s = new LineScanner(true, tableLog2);
  for (let i = 0; i < bytes.length; i += piece) s.push(bytes.subarray(i, i + piece));
  s.end();
  return { lines: s.lines, unique: s.unique, duplicates: s.nonEmpty - s.unique, empty: s.empty, firstLines: s.first };
};

describe('keyword counting module', () => {
  it('is embedded as the binary of keywordScan.wat (npm run wasm after editing it)', async () => {
    expect(readFileSync(OUT, 'utf8')).toBe(moduleText(await assemble()));
  });

  it('grows a small table and its memory many times and still counts exactly', () => {
    const keys = Array.from({ length: 60_000 }, (_, i) => `关键词${(i * 7919) % 25_000}${'x'.repeat(i % 40)}`);
    const text = `${keys.join('\n')}\n`;
    // a table of 4 slots: doubles 14 times; pieces of 64 KB: thousands of lines cut at a piece's end
    expect(counted(Buffer.from(text, 'utf8'), 2, 65_536)).toEqual(reference(text));
    // the same module counts the next file from an empty set
    expect(counted(Buffer.from('a\nb\na\n'), 2)).toEqual(reference('a\nb\na\n'));
  });

  it('tells apart keys whose hashes are equal (compared byte by byte)', () => {
    const k = counter();
    const seen = new Map<number, string>();
    let pair: [string, string] | null = null;
    // same length, different bytes: about 80,000 keys give a 32-bit collision (birthday bound)
    for (let i = 0; !pair && i < 2_000_000; i++) {
      const key = `kw-${i.toString(36).padStart(8, '0')}`;
      const bytes = Buffer.from(key);
      const at = k.scratch(bytes.length);
      new Uint8Array(k.memory.buffer).set(bytes, at);
      const h = k.hash(at, bytes.length);
      const other = seen.get(h);
      if (other !== undefined) pair = [other, key];
      else seen.set(h, key);
    }
    expect(pair).not.toBeNull();
    const [a, b] = pair!;
    const text = `${a}\n${b}\n${a}\n${b}\n`;
    expect(counted(Buffer.from(text))).toMatchObject({ lines: 4, unique: 2, duplicates: 2 });
    // and with the table at its smallest, so that they also share a slot chain with others
    const more = `${text}${Array.from({ length: 50 }, (_, i) => `${a}${i}`).join('\n')}\n`;
    expect(counted(Buffer.from(more), 2)).toEqual(reference(more));
  });

  it('counts a line longer than the module input, cut across three pieces', () => {
    const long = '长'.repeat(900_000); // 2.7 MB of UTF-8
    const text = ` ${long} \nseo\n${long}\n\u3000${long}\u3000\nseo`;
    const result = counted(Buffer.from(text, 'utf8'));
    expect(result).toEqual(reference(text));
    expect(result).toMatchObject({ lines: 5, unique: 2, duplicates: 3 });
  });

  it('trims every white space String.prototype.trim removes, and nothing else', () => {
    const spaces = [' ', '\t', '\v', '\f', '\r', '\u00a0', '\u1680', '\u2000', '\u2005', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff'];
    // not white space to trim: U+0085, U+200B, U+180E, U+2060, and bytes that start like those that are
    const kept = ['\u0085', '\u200b', '\u180e', '\u2060', '\u00a1', '\u2010', '\u3001', '\uff01', '\u20ac'];
    const lines: string[] = [];
    for (const sp of spaces) for (const k of ['关', 'a', ...kept]) lines.push(`${sp}${k}${sp}`, `${k}${sp}${sp}`, `${sp}${sp}${k}`, `${k}`, `${sp}`);
    for (const k of kept) lines.push(`${k}x${k}`, `x${k}`);
    const text = lines.join('\n');
    expect(counted(Buffer.from(text, 'utf8'), 2)).toEqual(reference(text));
  });

  it('refuses bytes that are not UTF-8 in a checked pass, in a whole piece or in a line joined across pieces', () => {
    expect(() => counted(Buffer.from([0x61, 0x0a, 0xd6, 0xd0, 0x0a]))).toThrow(NotUtf8);
    expect(() => counted(Buffer.concat([Buffer.from('ab'), Buffer.from([0xd6]), Buffer.from('\nc\n')]), undefined, 3)).toThrow(NotUtf8);
    // and the whole scan reads such a file as GBK
    const gbk = Buffer.from([0xd6, 0xd0, 0xce, 0xc4, 0x0a, 0xd6, 0xd0, 0xce, 0xc4, 0x0a]);
    expect(scanKeywords(() => [gbk])).toMatchObject({ encoding: 'gbk', lines: 2, unique: 1, firstLines: ['中文', '中文'] });
  });
});
