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

/** Keys KeySet.queue() holds before it adds them together. */
const QUEUE = 64;

const fnv1a = (d: Buffer, s: number, e: number): number => {
  let h = 0x811c9dc5 | 0;
  for (let i = s; i < e; i++) h = Math.imul(h ^ d[i], 16777619);
  return h;
};

/**
 * A set of byte strings: open addressing over an Int32Array (FNV-1a hashes),
 * the keys' bytes copied into one growing arena. Exact: equal hashes are
 * checked byte by byte.
 *
 * Keys come in batches (queue, then flush): the table is several megabytes and
 * each key's first slot is a random place in it, so looking keys up one by one
 * waited for memory once per key (most of the scan's time). A batch first
 * reads the first slot of all its keys in one loop of independent loads, which
 * the CPU fetches together, then adds the keys in order (a key repeated in the
 * batch is found by its second copy as before). 20-30 % faster on the 50 MB
 * benchmark file (docs/benchmarks.md, keyword preview).
 */
export class KeySet {
  size = 0;
  private table: Int32Array<ArrayBuffer>;
  private offsets: Int32Array<ArrayBuffer>;
  private lengths: Int32Array<ArrayBuffer>;
  private hashes: Int32Array<ArrayBuffer>;
  private arena: Buffer;
  private used = 0;
  private readonly queuedStart = new Int32Array(QUEUE);
  private readonly queuedEnd = new Int32Array(QUEUE);
  private readonly queuedHash = new Int32Array(QUEUE);
  private queuedBytes: Buffer | null = null;
  private queued = 0;
  /** what flush's first loop read (kept, so that the compiler cannot drop those loads) */
  private touched = 0;

  /** keys, arenaBytes: room allocated up front (powers of two; it grows past them, the table at half full) */
  constructor(keys = 1 << 15, arenaBytes = 1 << 20) {
    this.table = new Int32Array(keys * 2);
    this.offsets = new Int32Array(keys);
    this.lengths = new Int32Array(keys);
    this.hashes = new Int32Array(keys);
    this.arena = Buffer.alloc(arenaBytes);
  }

  /** Writes every page of its tables once (fresh memory is mapped lazily: a page fault at each first touch). */
  prefault(): void {
    this.table.fill(0);
    this.offsets.fill(0);
    this.lengths.fill(0);
    this.hashes.fill(0);
    this.arena.fill(0);
  }

  /** Empties the set, keeping its memory for the next file. */
  clear(): void {
    if (this.size > 0) this.table.fill(0);
    this.size = 0;
    this.used = 0;
    this.queued = 0;
    this.queuedBytes = null;
  }

  /**
   * Queues d[s, e) to be added at the next flush(), made by itself when 64 keys
   * wait or the keys come from another buffer. d's bytes must not change
   * until then; size counts a key once it is flushed.
   */
  queue(d: Buffer, s: number, e: number): void {
    if (this.queuedBytes !== d) {
      this.flush();
      this.queuedBytes = d;
    }
    const n = this.queued;
    this.queuedStart[n] = s;
    this.queuedEnd[n] = e;
    this.queuedHash[n] = fnv1a(d, s, e);
    this.queued = n + 1;
    if (n + 1 === QUEUE) this.flush();
  }

  /** Adds the queued keys. */
  flush(): void {
    const n = this.queued;
    const d = this.queuedBytes;
    this.queued = 0;
    this.queuedBytes = null;
    if (n === 0 || !d) return;
    const table = this.table;
    const mask = table.length - 1;
    let touched = 0;
    for (let j = 0; j < n; j++) touched |= table[this.queuedHash[j] & mask];
    this.touched = touched;
    for (let j = 0; j < n; j++) this.insert(d, this.queuedStart[j], this.queuedEnd[j], this.queuedHash[j]);
  }

  /** Adds d[s, e), whose hash is h, unless it is there already. */
  private insert(d: Buffer, s: number, e: number, h: number): void {
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
        if (i === n) return;
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
  readonly first: string[] = [];
  private rest: Buffer | null = null;

  /** validate: check the bytes are UTF-8 (throws NotUtf8); seen: the (empty) set the keywords go to */
  constructor(
    private readonly validate: boolean,
    readonly seen: KeySet = new KeySet(),
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    if (this.rest) {
      // the line cut at the end of the previous chunk: only it is joined (copying whole chunks cost a page-faulting 1 MB allocation each)
      const nl = chunk.indexOf(10);
      if (nl === -1) {
        this.rest = Buffer.concat([this.rest, chunk]);
        return;
      }
      const joined = Buffer.concat([this.rest, chunk.subarray(0, nl)]);
      this.rest = null;
      if (this.validate && !isUtf8(joined)) throw new NotUtf8();
      this.line(joined, 0, joined.length);
      start = nl + 1;
    }
    const from = start;
    for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
      this.line(chunk, start, nl);
      start = nl + 1;
    }
    // lines end at 0x0A, which is never part of a multi-byte character: the checked part is whole characters
    if (this.validate && start > from && !isUtf8(chunk.subarray(from, start))) throw new NotUtf8();
    this.seen.flush(); // the caller may reuse the chunk's memory
    this.rest = start < chunk.length ? Buffer.from(chunk.subarray(start)) : null;
  }

  end(): void {
    const rest = this.rest;
    this.rest = null;
    if (rest) {
      if (this.validate && !isUtf8(rest)) throw new NotUtf8();
      this.line(rest, 0, rest.length);
    }
    this.seen.flush();
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
    this.seen.queue(d, s, e);
  }
}

/** A source of raw chunks that can be read more than once (a GBK file is read again). */
export type Chunks = () => Iterable<Buffer>;

/**
 * The set every scan of this thread counts in, emptied before each: its tables
 * and arena are allocated (and their pages touched) once, not grown by copying
 * and faulted in again for every file. Sized for about 500,000 distinct
 * keywords of 32 bytes (26 MB, kept while the thread lives); a bigger file grows it.
 */
let sharedSet: KeySet | null = null;
const setForScan = (): KeySet => {
  if (!sharedSet) {
    sharedSet = new KeySet(1 << 19, 1 << 24);
    sharedSet.prefault();
  }
  sharedSet.clear();
  return sharedSet;
};

function pass(chunks: Chunks, encoding: ScanEncoding): LineScanner {
  const utf8 = encoding === 'utf-8' || encoding === 'utf-8-bom';
  const scanner = new LineScanner(utf8, setForScan());
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

/**
 * Warm-up for a thread that is about to scan (keywordPreview.worker.ts, as it
 * starts), in steps so that the thread can stop warming when a file comes:
 * allocates the shared set, then drives the very functions a file goes through
 * (scanKeywords, push with lines cut across chunks, line with every trim
 * branch, KeySet's queue, flush and insert with hits, misses, growth and
 * rehash) over 250 KB of made-up lines in 16 KB chunks, 24 times (one step
 * each), then grows a small set over them, so that V8 optimises them with
 * complete type feedback. With less (one chunk per pass, no growth, no cut
 * line) the first real file deoptimised push at every chunk and the set's
 * add (now insert) several times, and, with the set's
 * tables grown and faulted in anew, ran about 100 ms slower than the next ones
 * (docs/benchmarks.md, keyword preview). The whole warm-up, though, runs in
 * V8's slow tiers and costs more than that: a file that comes while it runs
 * should not wait for it (the worker stops stepping when one comes).
 */
export function* warmUpSteps(): Generator<void, void, void> {
  const parts: string[] = [];
  for (let i = 0; i < 10_000; i++) {
    const k = i % 5_000;
    if (k % 97 === 0) parts.push(k % 2 ? '' : ' \t');
    else if (k % 5 === 0) parts.push(`  keyword ${k}\u3000\r`);
    else parts.push(`关键词${k}-${'x'.repeat(k % 15)}${k % 7 === 0 ? ' ' : ''}`);
  }
  const bytes = Buffer.from(`${parts.join('\n')}\n`, 'utf8');
  const step = 16 * 1024;
  const chunks: Chunks = function* () {
    for (let i = 0; i < bytes.length; i += step) yield bytes.subarray(i, i + step);
  };
  for (let i = 0; i < 24; i++) {
    scanKeywords(chunks);
    yield;
  }
  // the growth paths (a file with more distinct keywords than the shared set holds)
  const grow = new LineScanner(false, new KeySet(1 << 10, 1 << 12));
  for (let i = 0; i < bytes.length; i += step) grow.push(bytes.subarray(i, i + step));
  grow.end();
}
