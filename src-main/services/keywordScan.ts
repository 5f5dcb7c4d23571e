// The counting half of the keyword preview, shared by the worker thread that
// runs it (keywordPreview.worker.ts). Pure: bytes in, counts out.
//
// Every encoding is brought to UTF-8 bytes first (UTF-8 as read; UTF-16 and
// GBK through a streaming TextDecoder). The lines are cut, trimmed like
// String.prototype.trim and their distinct keywords counted by a small
// WebAssembly module (keywordScan.wat, its bytes in keywordScanWasm.ts): no
// string per line (a Set of 1.6 million strings costs about 0.5 s and 100 MB
// more), no per-line decoding, and no JavaScript per line, so no warm-up: the
// same loop in JavaScript ran its first file 70-100 ms slower while V8
// optimised it, and a warm scan took about 1.5 times as long
// (docs/benchmarks.md, keyword preview). Here: the encoding, the UTF-8 check
// (Buffer's isUtf8), the lines cut across pieces and the first lines shown.

import { isUtf8 } from 'node:buffer';
import { KEYWORD_SCAN_WASM } from './keywordScanWasm';

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

interface ScanExports {
  memory: WebAssembly.Memory;
  /** bytes at the start of memory that scan reads */
  input: WebAssembly.Global;
  reset(tableLog2: number): void;
  scan(start: number, end: number): number;
  line(start: number, end: number): void;
  scratch(bytes: number): number;
  hash(start: number, bytes: number): number;
  size(): number;
  lines(): number;
  empty(): number;
  nonEmpty(): number;
}

/** Slots of a new table (2^20: 8 MB, up to 524,288 distinct keywords before it doubles). */
const TABLE_LOG2 = 20;

let shared: ScanExports | null = null;

/**
 * The counting module (keywordScan.wat), compiled once per thread and kept with
 * its memory: the next file meets its table and records already allocated and
 * their pages touched, not grown by copying and faulted in again.
 */
export function counter(): ScanExports {
  if (!shared) {
    const module = new WebAssembly.Module(Buffer.from(KEYWORD_SCAN_WASM, 'base64'));
    shared = new WebAssembly.Instance(module).exports as unknown as ScanExports;
  }
  return shared;
}

/**
 * Memory for a file of about 500,000 distinct keywords of 32 bytes (the table,
 * 8 MB, and the records, 18 MB), allocated and written once, so that the first
 * file does not pay for growing it: fresh memory is mapped lazily, a page fault
 * at each first touch. The worker calls it as the thread starts.
 */
export function prepareCounter(): void {
  const k = counter();
  k.reset(TABLE_LOG2);
  const want = 28 << 20;
  const have = k.memory.buffer.byteLength;
  if (have < want) k.memory.grow((want - have) >> 16);
  new Uint8Array(k.memory.buffer).fill(0, k.input.value as number);
}

/**
 * Counts the lines of a stream of UTF-8 bytes with the counting module: each
 * piece is copied to the module's input and cut there; the line cut at a
 * piece's end is kept here and joined with the next piece's first line.
 */
export class LineScanner {
  readonly first: string[] = [];
  private rest: Buffer | null = null;
  private readonly k = counter();
  private readonly inputBytes = this.k.input.value as number;

  /** validate: check the bytes are UTF-8 (throws NotUtf8); tableLog2: the table's first size (tests start small to grow it) */
  constructor(
    private readonly validate: boolean,
    tableLog2 = TABLE_LOG2,
  ) {
    this.k.reset(tableLog2);
  }

  get lines(): number {
    return this.k.lines();
  }
  get empty(): number {
    return this.k.empty();
  }
  get nonEmpty(): number {
    return this.k.nonEmpty();
  }
  get unique(): number {
    return this.k.size();
  }

  push(chunk: Buffer): void {
    for (let at = 0; at < chunk.length; at += this.inputBytes) this.piece(chunk.subarray(at, at + this.inputBytes));
  }

  end(): void {
    const rest = this.rest;
    this.rest = null;
    if (rest) this.single(rest);
  }

  private piece(bytes: Buffer): void {
    let start = 0;
    if (this.rest) {
      const nl = bytes.indexOf(10);
      if (nl === -1) {
        this.rest = Buffer.concat([this.rest, bytes]);
        return;
      }
      const joined = Buffer.concat([this.rest, bytes.subarray(0, nl)]);
      this.rest = null;
      this.single(joined);
      start = nl + 1;
    }
    const n = bytes.length - start;
    if (n === 0) return;
    new Uint8Array(this.k.memory.buffer, 0, n).set(bytes.subarray(start));
    if (this.first.length < PREVIEW_LINES) this.noteFirst(Buffer.from(this.k.memory.buffer, 0, n));
    const end = this.k.scan(0, n);
    // the module may have grown its memory: a new view. Lines end at 0x0A, never part of a multi-byte character
    const input = Buffer.from(this.k.memory.buffer, 0, n);
    if (this.validate && end > 0 && !isUtf8(input.subarray(0, end))) throw new NotUtf8();
    this.rest = end < n ? Buffer.from(input.subarray(end)) : null;
  }

  /** a line that is not in a piece (joined across two, or the last one without 0x0A) */
  private single(line: Buffer): void {
    if (this.validate && !isUtf8(line)) throw new NotUtf8();
    if (this.first.length < PREVIEW_LINES) this.first.push(text(line, 0, line.length));
    const at = this.k.scratch(line.length);
    new Uint8Array(this.k.memory.buffer).set(line, at);
    this.k.line(at, at + line.length);
  }

  /** the piece's whole lines, as text, while fewer than PREVIEW_LINES are kept */
  private noteFirst(d: Buffer): void {
    for (let s = 0, nl = d.indexOf(10); nl !== -1 && this.first.length < PREVIEW_LINES; s = nl + 1, nl = d.indexOf(10, s)) {
      this.first.push(text(d, s, nl));
    }
  }
}

/** A line as the preview shows it: its text without a final CR. */
const text = (d: Buffer, s: number, e: number): string => d.toString('utf8', s, e > s && d[e - 1] === 0x0d ? e - 1 : e);

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
    unique: s.unique,
    duplicates: s.nonEmpty - s.unique,
    empty: s.empty,
    firstLines: s.first,
    nonEmpty: s.nonEmpty,
  };
}
