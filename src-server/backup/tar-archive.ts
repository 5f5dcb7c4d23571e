// The backup file: a gzip-compressed tar. node-tar (isaacs/node-tar, the tar
// npm itself uses) encodes each entry's header (ustar, with a pax header for
// long names) and parses archives; the entries are written here because they
// come from three places (the database snapshot, the data folder, the manifest
// written last) and each file is hashed while it streams, so a big data folder
// is read once and never held in memory.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { createGzip, type Gzip } from 'node:zlib';
import { Header, Parser, Pax, type HeaderData, type ReadEntry } from 'tar';
import { refusal } from './refusal';

const BLOCK = 512;

function headerBytes(data: HeaderData): Buffer {
  const header = new Header(data);
  const block = Buffer.alloc(BLOCK);
  const needPax = header.encode(block, 0);
  return needPax ? Buffer.concat([new Pax(data).encode(), block]) : block;
}

export class TarWriter {
  private readonly gzip: Gzip;
  private readonly file: WriteStream;
  private readonly done: Promise<void>;

  constructor(path: string) {
    this.gzip = createGzip();
    this.file = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    this.gzip.pipe(this.file);
    this.done = new Promise((resolve, reject) => {
      this.file.on('finish', resolve);
      this.file.on('error', reject);
      this.gzip.on('error', reject);
    });
    this.done.catch(() => undefined);
  }

  private async write(bytes: Buffer): Promise<void> {
    if (!this.gzip.write(bytes)) await Promise.race([once(this.gzip, 'drain'), this.done]);
  }

  async buffer(path: string, bytes: Buffer, mtime = new Date()): Promise<void> {
    await this.write(headerBytes({ path, type: 'File', size: bytes.length, mode: 0o600, mtime }));
    await this.write(bytes);
    await this.pad(bytes.length);
  }

  /** a file's first `size` bytes (its size when it was listed), hashed as they stream; throws when it got shorter meanwhile */
  async addFile(path: string, source: string, size: number, mode: number, mtime: Date): Promise<string> {
    await this.write(headerBytes({ path, type: 'File', size, mode, mtime }));
    const hash = createHash('sha256');
    let sent = 0;
    if (size > 0) {
      for await (const chunk of createReadStream(source, { start: 0, end: size - 1 }) as AsyncIterable<Buffer>) {
        hash.update(chunk);
        sent += chunk.length;
        await this.write(chunk);
      }
    }
    if (sent !== size) throw refusal('fileShrank', { file: source, sent, size });
    await this.pad(size);
    return hash.digest('hex');
  }

  async link(path: string, type: 'Link' | 'SymbolicLink', linkpath: string, mtime: Date): Promise<void> {
    await this.write(headerBytes({ path, type, linkpath, size: 0, mode: 0o777, mtime }));
  }

  private async pad(size: number): Promise<void> {
    const rest = size % BLOCK;
    if (rest) await this.write(Buffer.alloc(BLOCK - rest));
  }

  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    this.gzip.end();
    await this.done;
  }

  /** stops writing after a failure (the caller removes the file) */
  abort(): void {
    this.gzip.destroy();
    this.file.destroy();
  }
}

/** What a reader does with one entry: consume its body (a file's bytes) or ignore it. */
export type EntryHandler = (entry: ReadEntry) => Promise<void> | void;

/**
 * Reads the archive's entries in order, one at a time; rejects with the reason when
 * the archive is damaged (gzip data error, truncated, not a tar).
 */
export async function readTar(path: string, onEntry: EntryHandler): Promise<void> {
  let failure: Error | undefined;
  let failed: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (failed = resolve));
  const live = new Set<ReadEntry>();
  const fail = (err: Error): void => {
    failure ??= err;
    // an entry whose body will never end (the parser gave up) ends its reader with the reason
    for (const entry of live) {
      try {
        entry.emit('error', failure);
      } catch {
        // nobody was reading it
      }
    }
    failed();
  };
  const pending: Promise<void>[] = [];
  const parser = new Parser({
    strict: true,
    onReadEntry: (entry) => {
      live.add(entry);
      entry.on('end', () => live.delete(entry));
      pending.push(
        Promise.resolve(onEntry(entry)).then(
          () => void live.delete(entry),
          (err: unknown) => {
            live.delete(entry);
            fail(err as Error);
            entry.resume();
          },
        ),
      );
    },
  });
  const ended = new Promise<void>((resolve) => {
    parser.on('error', (err: Error) => {
      fail(err);
      resolve();
    });
    parser.on('end', () => resolve());
    parser.on('close', () => resolve());
  });
  const source: Readable = createReadStream(path);
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (failure) break;
      if (parser.write(chunk) === false) await Promise.race([once(parser, 'drain'), ended, stopped]);
    }
  } finally {
    source.destroy();
  }
  if (!failure) parser.end();
  await Promise.race([ended, stopped]);
  await Promise.race([Promise.all(pending), stopped]);
  if (failure) throw failure;
}

/** Streams an entry's body into a new file (never over an existing one); answers its sha256 and size. */
export async function saveEntry(entry: ReadEntry, target: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  const out: Writable = createWriteStream(target, { flags: 'wx', mode: (entry.mode ?? 0o600) & 0o777 });
  const closed = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  try {
    for await (const chunk of entry as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
      if (!out.write(chunk)) await once(out, 'drain');
    }
  } catch (err) {
    out.destroy();
    throw err;
  }
  out.end();
  await closed;
  return { sha256: hash.digest('hex'), size };
}
