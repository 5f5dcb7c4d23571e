// The file stores (src-server/files): the S3 store against the test S3 server
// (tests/support/s3-server.ts, which checks every SigV4 signature), and the
// data folder's; addressing and region derived from a 对象存储 endpoint.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll, storeFailure, type FileStore } from '../../../src-server/files/file-store';
import { localFileStore } from '../../../src-server/files/local-file-store';
import { endpointUrl, pathStyleFor, regionFor, s3FileStore } from '../../../src-server/files/s3-file-store';
import { startS3Server, type S3TestServer } from '../../support/s3-server';

let s3: S3TestServer;
let folder: string;
beforeAll(async () => {
  s3 = await startS3Server({ buckets: ['files'] });
  folder = mkdtempSync(join(tmpdir(), 'seo-files-'));
});
afterAll(async () => {
  await s3?.close();
  rmSync(folder, { recursive: true, force: true });
});

const s3Store = (over: Partial<{ accessKey: string; secretKey: string; bucket: string }> = {}) =>
  s3FileStore({ id: 'oss-1', code: 'minio-test', category: 1, endpoint: s3.url, accessKey: s3.accessKey, secretKey: s3.secretKey, bucket: 'files', ...over });

async function roundTrip(store: FileStore): Promise<void> {
  const bytes = Buffer.from('hello, 对象存储\n');
  await store.put('upload/a1.txt', bytes, { size: bytes.length, contentType: 'text/plain; charset=utf-8' });
  const streamed = Buffer.alloc(300_000, 7);
  await store.put('imports/1.txt', Readable.from([streamed.subarray(0, 100_000), streamed.subarray(100_000)]), { size: streamed.length, contentType: 'text/plain' });
  const got = await store.get('upload/a1.txt');
  expect(got?.size).toBe(bytes.length);
  expect(await readAll(got!.body)).toEqual(bytes);
  expect((await store.head('imports/1.txt'))?.size).toBe(streamed.length);
  expect(await readAll((await store.get('imports/1.txt'))!.body)).toEqual(streamed);
  expect(await store.get('upload/none.txt')).toBeNull();
  expect(await store.head('upload/none.txt')).toBeNull();
  expect(await store.list('upload/')).toEqual([{ key: 'upload/a1.txt', size: bytes.length }]);
  await store.delete('upload/a1.txt');
  expect(await store.head('upload/a1.txt')).toBeNull();
  expect(await store.list('upload/')).toEqual([]);
  await expect(store.put('../x', bytes, { size: bytes.length, contentType: 'text/plain' })).rejects.toThrow(/not a file key/);
}

describe('file stores', () => {
  it('S3: put (bytes and a stream), get, head, list, delete, each signed and seen by the server', async () => {
    const before = s3.requests.length;
    const store = s3Store();
    await roundTrip(store);
    store.close();
    const seen = s3.requests.slice(before);
    expect(seen.filter((r) => r.method === 'PUT').map((r) => r.key)).toEqual(['upload/a1.txt', 'imports/1.txt']);
    expect(seen.every((r) => r.bucket === 'files' && r.status < 500)).toBe(true);
    expect(s3.buckets.get('files')!.get('imports/1.txt')?.contentType).toBe('text/plain');
  });

  it('the data folder: the same, as files under the folder', async () => {
    const store = localFileStore(folder);
    const bytes = Buffer.from('x');
    await store.put('upload/b2.png', bytes, { size: 1, contentType: 'image/png' });
    expect(readFileSync(join(folder, 'upload', 'b2.png'))).toEqual(bytes);
    await store.delete('upload/b2.png');
    await roundTrip(store);
  });

  it('a wrong secret key, access key or bucket is refused with a reason the operator can act on', async () => {
    const bytes = Buffer.from('x');
    const put = async (store: FileStore) => {
      try {
        await store.put('upload/c3.txt', bytes, { size: 1, contentType: 'text/plain' });
      } catch (err) {
        return storeFailure(store, '上传失败', err).message;
      } finally {
        store.close();
      }
      return 'stored';
    };
    expect(await put(s3Store({ secretKey: 'wrong-secret' }))).toMatch(/^上传失败: 对象存储 minio-test \(127\.0\.0\.1:\d+\/files\) 拒绝了访问密钥 \(SignatureDoesNotMatch, HTTP 403\)/);
    expect(await put(s3Store({ accessKey: 'nobody' }))).toMatch(/拒绝了访问密钥 \(InvalidAccessKeyId, HTTP 403\)/);
    expect(await put(s3Store({ bucket: 'missing' }))).toMatch(/空间不存在 \(NoSuchBucket, HTTP 404\)/);
    expect(s3.buckets.get('files')!.has('upload/c3.txt')).toBe(false);
    const down = s3FileStore({ id: 'x', code: 'down', category: 1, endpoint: 'http://127.0.0.1:1', accessKey: 'a', secretKey: 'b', bucket: 'files' });
    expect(await put(down)).toMatch(/^上传失败: 对象存储 down \(127\.0\.0\.1:1\/files\) 无法连接 \(ECONNREFUSED\)/);
  });

  it('addressing and region from the endpoint', () => {
    expect(pathStyleFor(1, endpointUrl('https://minio.example.com'))).toBe(true);
    expect(pathStyleFor(3, endpointUrl('http://127.0.0.1:9000'))).toBe(true);
    expect(pathStyleFor(3, endpointUrl('oss-cn-hangzhou.aliyuncs.com'))).toBe(false);
    expect(endpointUrl('oss-cn-hangzhou.aliyuncs.com').protocol).toBe('https:');
    expect(regionFor('', endpointUrl('https://oss-cn-hangzhou.aliyuncs.com'))).toBe('oss-cn-hangzhou');
    expect(regionFor(null, endpointUrl('https://cos.ap-guangzhou.myqcloud.com'))).toBe('ap-guangzhou');
    expect(regionFor(null, endpointUrl('https://s3.cn-east-1.qiniucs.com'))).toBe('cn-east-1');
    expect(regionFor(null, endpointUrl('http://127.0.0.1:9000'))).toBe('us-east-1');
    expect(regionFor(' eu-west-1 ', endpointUrl('http://127.0.0.1:9000'))).toBe('eu-west-1');
  });
});
