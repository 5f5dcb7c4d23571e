// Worker thread of the keyword preview: reads the file (or the bytes main
// hands over) and counts it with keywordScan, so main's event loop stays free.
// Messages: in {id, path} | {id, bytes}; out {id, ok: true, result} | {id, ok: false, code?, message}.

import { closeSync, openSync, readSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { SCAN_CHUNK, prepareCounter, scanKeywords, type Chunks } from './keywordScan';

export type ScanRequest = { id: number; path: string } | { id: number; bytes: Uint8Array };

function fileChunks(path: string): Chunks {
  return function* () {
    const fd = openSync(path, 'r');
    // one buffer for every chunk: the scanner copies what it keeps (a line's tail, keys, first lines)
    const buf = Buffer.allocUnsafe(SCAN_CHUNK);
    try {
      for (;;) {
        const n = readSync(fd, buf, 0, SCAN_CHUNK, null);
        if (n === 0) return;
        yield n === SCAN_CHUNK ? buf : buf.subarray(0, n);
      }
    } finally {
      closeSync(fd);
    }
  };
}

function byteChunks(bytes: Uint8Array): Chunks {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return function* () {
    for (let i = 0; i < buf.length; i += SCAN_CHUNK) yield buf.subarray(i, i + SCAN_CHUNK);
  };
}

function count(req: ScanRequest): void {
  try {
    const result = scanKeywords('path' in req ? fileChunks(req.path) : byteChunks(req.bytes));
    parentPort?.postMessage({ id: req.id, ok: true, result });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    parentPort?.postMessage({ id: req.id, ok: false, code: err.code, message: err.message });
  }
}

// As the thread starts: the counting module compiled and its memory allocated and touched (about 20 ms), so
// that a thread started ahead of a file (the task form warms it) meets it ready. A request that came first
// waits for it, which it would pay for itself anyway.
prepareCounter();
parentPort?.on('message', count);
