// The lines of an import's file, read as a stream and decoded (BOM / UTF-8 /
// GBK), in batches or as each read completes.
import type { Readable } from 'node:stream';

/** The lines of a file (decoded: BOM / UTF-8 / GBK) in batches, numbered from 1, after the first `skip` lines. */
export async function* lineBatches(file: () => Promise<Readable>, size: number, skip: number): AsyncGenerator<{ n: number; text: string }[]> {
  let batch: { n: number; text: string }[] = [];
  let lineNo = 0;
  for await (const lines of lineArrays(file)) {
    for (const text of lines) {
      lineNo++;
      if (lineNo <= skip) continue;
      batch.push({ n: lineNo, text: text.endsWith('\r') ? text.slice(0, -1) : text });
      if (batch.length >= size) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length) yield batch;
}

/**
 * The lines of a file (decoded: BOM / UTF-8 / GBK), in order, as many at a time as each 256 KB read completes
 * (never an empty array). A line keeps its trailing '\r', except the last line of the file, which loses it
 * and is left out when that leaves it empty.
 */
export async function* lineArrays(file: () => Promise<Readable>): AsyncGenerator<string[]> {
  let carry = '';
  let decoder: TextDecoder | null = null;
  const stream = await file();
  const split = function* (bytes: Buffer): Generator<string[]> {
    decoder ??= new TextDecoder(encodingOf(bytes));
    const parts = (carry + decoder.decode(bytes, { stream: true })).split('\n');
    carry = parts.pop() ?? '';
    if (parts.length) yield parts;
  };
  try {
    // reads of 256 KB (an object store's stream comes in smaller pieces): one statement per read downstream
    let pending: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      pending.push(chunk);
      size += chunk.length;
      if (size < READ_BYTES) continue;
      yield* split(Buffer.concat(pending));
      pending = [];
      size = 0;
    }
    if (size) yield* split(Buffer.concat(pending));
  } finally {
    stream.destroy();
  }
  carry += (decoder as TextDecoder | null)?.decode() ?? '';
  if (carry.endsWith('\r')) carry = carry.slice(0, -1);
  if (carry !== '') yield [carry];
}

const READ_BYTES = 256 * 1024;

/** The text encoding of a file from its first bytes: a BOM, else UTF-8 when the start decodes as UTF-8, else GBK. */
export function encodingOf(head: Buffer): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, 64 * 1024), { stream: true });
    return 'utf-8';
  } catch {
    return 'gbk';
  }
}
