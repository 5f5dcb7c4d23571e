// Files in the data folder: a key `upload/<name>` is the file <data>/upload/<name>
// (the layout the back end always had, so existing files and backups keep working).
// The content type is not kept beside the file: the caller's records hold it
// (content_upload), and a read answers application/octet-stream.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkedKey, LOCAL_STORE, type FileStore } from './file-store';
import { messageText, type NestedMessage } from '../../src-shared/messages';

/** the data folder as the operator knows it */
const DATA_FOLDER: NestedMessage = { key: 'file.dataFolder' };

const UNKNOWN = 'application/octet-stream';

export function localFileStore(dataDir: string): FileStore {
  const pathOf = (key: string) => join(dataDir, checkedKey(key));
  const sizeOf = async (file: string): Promise<number | null> => {
    try {
      const s = await stat(file);
      return s.isFile() ? s.size : null;
    } catch {
      return null;
    }
  };
  return {
    id: LOCAL_STORE,
    label: messageText(DATA_FOLDER, 'zh'),
    labelMessage: DATA_FOLDER,
    async put(key, body) {
      const file = pathOf(key);
      await mkdir(dirname(file), { recursive: true });
      if (Buffer.isBuffer(body)) await writeFile(file, body, { flag: 'wx' });
      else await pipeline(body, createWriteStream(file, { flags: 'wx' }));
    },
    async get(key) {
      const file = pathOf(key);
      const size = await sizeOf(file);
      return size === null ? null : { size, contentType: UNKNOWN, body: createReadStream(file) as Readable };
    },
    async head(key) {
      const size = await sizeOf(pathOf(key));
      return size === null ? null : { size, contentType: UNKNOWN };
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async list(prefix) {
      const folder = prefix.split('/')[0] ?? '';
      const names = await readdir(join(dataDir, folder)).catch(() => [] as string[]);
      const out: { key: string; size: number }[] = [];
      for (const name of names.sort()) {
        const key = `${folder}/${name}`;
        if (!key.startsWith(prefix)) continue;
        const size = await sizeOf(join(dataDir, key));
        if (size !== null) out.push({ key, size });
      }
      return out;
    },
    close() {},
  };
}
