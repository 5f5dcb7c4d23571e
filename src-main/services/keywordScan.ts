// The counting half of the keyword preview, shared by the worker thread that
// runs it (keywordPreview.worker.ts). Pure: bytes in, counts out.
//
// Every encoding is brought to UTF-8 bytes first (UTF-8 as read; UTF-16 and
// GBK through a streaming TextDecoder), then lines are cut at 0x0A with
// Buffer.indexOf and a keyword is the line's bytes, trimmed like
// String.prototype.trim. Distinct keywords are counted in a byte hash set
// (KeySet): no string per line (a Set of 1.6 million strings costs about
// 0.5 s and 100 MB more), no per-line decoding.

import { isUtf8 } from 'node:buffer';

export type ScanEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'gbk';

export const PREVIEW_LINES = 20;
export const SCAN_CHUNK = 1024 * 1024;

export interface ScanResult {
  encoding: ScanEncoding;
  /** every line, empty ones included */
  lines: number;
  /** distinct keywords (trimmed, non-empty) */
  unique: number;
  /** non-empty lines repeating an earlier keyword */
  duplicates: number;
  /** empty or white-space-only lines */
  empty: number;
  firstLines: string[];
}

/** Thrown in a UTF-8 pass when the bytes are not UTF-8: the caller starts again as GBK. */
export class NotUtf8 extends Error {}

export function bomOf(head: Uint8Array): ScanEncoding | null {
  if (head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8-bom';
  if (head.length >= 2 && head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head.length >= 2 && head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return null;
}

const isAsciiSpace = (b: number) => b === 0x20 || (b >= 0x09 && b <= 0x0d);

/** Length of a non-ASCII white-space character String.trim removes, starting at s (UTF-8), or 0. */
function spaceAt(d: Buffer, s: number, e: number): number {
  const b = d[s];
  if (b === 0xc2) return s + 1 < e && d[s + 1] === 0xa0 ? 2 : 0; // U+00A0
  if (s + 2 >= e) return 0;
  const b1 = d[s + 1];
  const b2 = d[s + 2];
  if (b === 0xe1) return b1 === 0x9a && b2 === 0x80 ? 3 : 0; // U+1680
  if (b === 0xe2) {
    if (b1 === 0x80) return (b2 >= 0x80 && b2 <= 0x8a) || b2 === 0xa8 || b2 === 0xa9 || b2 === 0xaf ? 3 : 0; // U+2000-200A, 2028, 2029, 202F
    return b1 === 0x81 && b2 === 0x9f ? 3 : 0; // U+205F
  }
  if (b === 0xe3) return b1 === 0x80 && b2 === 0x80 ? 3 : 0; // U+3000
  if (b === 0xef) return b1 === 0xbb && b2 === 0xbf ? 3 : 0; // U+FEFF
  return 0;
}

/** Length of such a character ending just before e, or 0. */
function spaceBefore(d: Buffer, s: number, e: number): number {
  if (e - s >= 2 && d[e - 2] === 0xc2 && d[e - 1] === 0xa0) return 2;
  if (e - s >= 3) return spaceAt(d, e - 3, e) === 3 ? 3 : 0;
  return 0;
}

const grown = (a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
};

/**
 * A set of byte strings: open addressing over an Int32Array (FNV-1a hashes),
 * the keys' bytes copied into one growing arena. Exact: equal hashes are
 * checked byte by byte.
 */
export class KeySet {
  size = 0;
  private table = new Int32Array(1 << 16);
  private offsets = new Int32Array(1 << 14);
  private lengths = new Int32Array(1 << 14);
  private hashes = new Int32Array(1 << 14);
  private arena = Buffer.allocUnsafe(1 << 20);
  private used = 0;

  /** Adds d[s, e); false when it was there already. */
  add(d: Buffer, s: number, e: number): boolean {
    let h = 0x811c9dc5 | 0;
    for (let i = s; i < e; i++) h = Math.imul(h ^ d[i], 16777619);
    const n = e - s;
    const table = this.table;
    const mask = table.length - 1;
    const arena = this.arena;
    let slot = h & mask;
    for (let v = table[slot]; v !== 0; v = table[slot]) {
      const k = v - 1;
      if (this.hashes[k] === h && this.lengths[k] === n) {
        const o = this.offsets[k];
        let i = 0;
        while (i < n && d[s + i] === arena[o + i]) i++;
        if (i === n) return false;
      }
      slot = (slot + 1) & mask;
    }
    const k = this.size++;
    if (k === this.offsets.length) {
      this.offsets = grown(this.offsets);
      this.lengths = grown(this.lengths);
      this.hashes = grown(this.hashes);
    }
    if (this.used + n > arena.length) {
      const bigger = Buffer.allocUnsafe(Math.max(arena.length * 2, this.used + n));
      arena.copy(bigger, 0, 0, this.used);
      this.arena = bigger;
    }
    d.copy(this.arena, this.used, s, e);
    this.offsets[k] = this.used;
    this.lengths[k] = n;
    this.hashes[k] = h;
    this.used += n;
    table[slot] = k + 1;
    if (this.size * 2 > table.length) this.rehash();
    return true;
  }

  private rehash(): void {
    const t = new Int32Array(this.table.length * 2);
    const mask = t.length - 1;
    for (let k = 0; k < this.size; k++) {
      let slot = this.hashes[k] & mask;
      while (t[slot] !== 0) slot = (slot + 1) & mask;
      t[slot] = k + 1;
    }
    this.table = t;
  }
}

/** Counts the lines of a stream of UTF-8 bytes. */
export class LineScanner {
  lines = 0;
  empty = 0;
  nonEmpty = 0;
  readonly seen = new KeySet();
  readonly first: string[] = [];
  private rest: Buffer | null = null;

  /** validate: check the bytes are UTF-8 (throws NotUtf8) */
  constructor(private readonly validate: boolean) {}

  push(chunk: Buffer): void {
    const data = this.rest ? Buffer.concat([this.rest, chunk]) : chunk;
    let start = 0;
    for (let nl = data.indexOf(10, start); nl !== -1; nl = data.indexOf(10, start)) {
      this.line(data, start, nl);
      start = nl + 1;
    }
    // lines end at 0x0A, which is never part of a multi-byte character: the checked part is whole characters
    if (this.validate && start > 0 && !isUtf8(data.subarray(0, start))) throw new NotUtf8();
    this.rest = start < data.length ? Buffer.from(data.subarray(start)) : null;
  }

  end(): void {
    const rest = this.rest;
    this.rest = null;
    if (!rest) return;
    if (this.validate && !isUtf8(rest)) throw new NotUtf8();
    this.line(rest, 0, rest.length);
  }

  private line(d: Buffer, s: number, e: number): void {
    if (e > s && d[e - 1] === 0x0d) e--;
    this.lines++;
    if (this.first.length < PREVIEW_LINES) this.first.push(d.toString('utf8', s, e));
    for (;;) {
      if (s < e && isAsciiSpace(d[s])) s++;
      else if (s < e && d[s] >= 0xc2) {
        const n = spaceAt(d, s, e);
        if (!n) break;
        s += n;
      } else break;
    }
    for (;;) {
      if (e > s && isAsciiSpace(d[e - 1])) e--;
      else if (e > s && d[e - 1] >= 0x80) {
        const n = spaceBefore(d, s, e);
        if (!n) break;
        e -= n;
      } else break;
    }
    if (s === e) {
      this.empty++;
      return;
    }
    this.nonEmpty++;
    this.seen.add(d, s, e);
  }
}

/** A source of raw chunks that can be read more than once (a GBK file is read again). */
export type Chunks = () => Iterable<Buffer>;

function pass(chunks: Chunks, encoding: ScanEncoding): LineScanner {
  const utf8 = encoding === 'utf-8' || encoding === 'utf-8-bom';
  const scanner = new LineScanner(utf8);
  const decoder = utf8 ? null : new TextDecoder(encoding, { fatal: false });
  let first = true;
  for (let chunk of chunks()) {
    if (first && encoding === 'utf-8-bom') chunk = chunk.subarray(3);
    first = false;
    if (decoder) scanner.push(Buffer.from(decoder.decode(chunk, { stream: true }), 'utf8'));
    else scanner.push(chunk);
  }
  if (decoder) scanner.push(Buffer.from(decoder.decode(), 'utf8'));
  scanner.end();
  return scanner;
}

/** Detects the encoding (BOM, else UTF-8 if valid, else GBK) and counts. */
export function scanKeywords(chunks: Chunks): ScanResult & { nonEmpty: number } {
  let head: Buffer = Buffer.alloc(0);
  for (const c of chunks()) {
    head = Buffer.from(c.subarray(0, 4));
    break;
  }
  let encoding: ScanEncoding = bomOf(head) ?? 'utf-8';
  let s: LineScanner;
  try {
    s = pass(chunks, encoding);
  } catch (e) {
    if (!(e instanceof NotUtf8)) throw e;
    encoding = 'gbk';
    s = pass(chunks, encoding);
  }
  return {
    encoding,
    lines: s.lines,
    unique: s.seen.size,
    duplicates: s.nonEmpty - s.seen.size,
    empty: s.empty,
    firstLines: s.first,
    nonEmpty: s.nonEmpty,
  };
}
