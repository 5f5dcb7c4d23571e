// Files every instance can read (issue 30): with a local S3-compatible server
// (tests/support/s3-server.ts, which checks every request's SigV4 signature)
// configured and enabled in 资源管理 › 对象存储 through the API, as an operator
// would, uploads (put-file, put-file-attach) and import sources (an uploaded
// keyword file, a JSON import's lines) go to the object storage, not to a data
// folder, and a link works through any instance:
// - two instances on one PostgreSQL, each with a data folder of its own: put
//   through A, read, import and remove through B;
// - the embedded back end (SQLite) with the same storage enabled;
// - the embedded back end with no object storage enabled: the data folder, as
//   before (the S3 server never asked).
// A wrong secret key fails the upload with the storage's reason (after a change
// through the other instance: the store cache is cleared on every instance), and
// enabling the built-in local storage again switches new files back to the data
// folder while the files already in the object storage stay readable.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src-server/db/data-layer';
import { KEY_ENV, SecretBox } from '../../src-server/util/secret-box';
import { FileStores } from '../../src-server/files/file-stores';
import { CacheRegistry } from '../../src-server/system/cache';
import { startS3Server, type S3TestServer } from '../support/s3-server';
import { api, importTaskDone, login, multipart, PNG, sharedPostgres, startHarness, type Harness } from './helpers';

const OSS = '/blade-resource/oss';
const BUCKET = 'seo-files';
type Rec = Record<string, unknown>;

let s3: S3TestServer;
const keyBefore = process.env[KEY_ENV];
beforeAll(async () => {
  s3 = await startS3Server({ buckets: [BUCKET], accessKey: 'team-access', secretKey: 'team-secret-0123456789' });
  // instances on several machines seal and open secrets with one key (docs/team-server.md)
  process.env[KEY_ENV] = randomBytes(32).toString('base64');
});
afterAll(async () => {
  await s3?.close();
  if (keyBefore === undefined) delete process.env[KEY_ENV];
  else process.env[KEY_ENV] = keyBefore;
});

const objects = () => s3.buckets.get(BUCKET)!;
const uploadsIn = (h: Harness) => (existsSync(join(h.dataDir, 'upload')) ? readdirSync(join(h.dataDir, 'upload')) : []);
const fileName = (link: string) => link.split('/').pop()!;

interface Node {
  h: Harness;
  base: string;
  token: string;
}

async function node(h: Harness): Promise<Node> {
  return { h, base: h.server.url, token: await login(h.server.url) };
}

const post = (n: Node, path: string, json?: unknown, query?: Record<string, string>) => api<Rec>(n.base, n.token, 'POST', path, { json, query });

/** the test S3 server as a 对象存储 row (MinIO category), added and enabled through `n`; its id */
async function enableS3(n: Node, over: Rec = {}): Promise<string> {
  const saved = await post(n, `${OSS}/submit`, {
    category: 1, ossCode: 'team-minio', endpoint: s3.url, accessKey: s3.accessKey, secretKey: s3.secretKey, bucketName: BUCKET, ...over,
  });
  expect(saved.body.code, saved.body.msg).toBe(200);
  const id = String((saved.body.data as Rec).id);
  expect((await post(n, `${OSS}/enable`, undefined, { id })).body.success).toBe(true);
  return id;
}

async function enableLocal(n: Node): Promise<void> {
  const rows = (await api<{ records: Rec[] }>(n.base, n.token, 'GET', `${OSS}/list`, { query: { current: '1', size: '50' } })).body.data.records;
  const local = rows.find((r) => r.ossCode === 'local')!;
  expect((await post(n, `${OSS}/enable`, undefined, { id: String(local.id) })).body.success).toBe(true);
}

async function putImage(n: Node, scene = 'material'): Promise<{ status: number; msg: string; link: string }> {
  const r = await multipart(n.base, n.token, `/blade-resource/oss/endpoint/put-file?scene=${scene}`, [{ name: 'file', value: PNG, filename: 'logo.png' }]);
  return { status: r.status, msg: String(r.body.msg), link: String((r.body.data as Rec | null)?.link ?? '') };
}

/**
 * Upload through `a`, read, import and remove through `b`. `inS3`: the files are in the S3 server and in no data
 * folder; else in `a`'s data folder and the S3 server is never asked.
 */
async function journey(a: Node, b: Node, inS3: boolean): Promise<void> {
  const asked = s3.requests.length;
  const folders = [a.h, b.h];

  // an image (material), checked on the server before it is stored
  const bad = await multipart(a.base, a.token, '/blade-resource/oss/endpoint/put-file?scene=material', [{ name: 'file', value: Buffer.from('not a png'), filename: 'x.png' }]);
  expect(bad.body.msg).toBe('只能上传 jpeg/png/ico 格式图片!');
  const img = await putImage(a);
  expect(img.status, img.msg).toBe(200);
  const name = fileName(img.link);
  expect(objects().has(`upload/${name}`)).toBe(inS3);
  if (inS3) {
    expect(objects().get(`upload/${name}`)!.body).toEqual(PNG);
    expect(objects().get(`upload/${name}`)!.contentType).toBe('image/png');
    for (const h of folders) expect(uploadsIn(h)).not.toContain(name);
  } else expect(uploadsIn(a.h)).toContain(name);
  const got = await fetch(new URL(img.link, b.base).toString());
  expect(got.status).toBe(200);
  expect(got.headers.get('content-type')).toBe('image/png');
  expect(got.headers.get('content-disposition')).toBeNull();
  expect(Buffer.from(await got.arrayBuffer())).toEqual(PNG);

  // an attachment: downloads under its original name, from whichever instance
  const pdf = Buffer.from('%PDF-1.4\n% 报告\n');
  const att = await multipart(a.base, a.token, '/blade-resource/oss/endpoint/put-file-attach', [{ name: 'file', value: pdf, filename: '季度报告.pdf' }]);
  expect(att.body.code, String(att.body.msg)).toBe(200);
  const attName = String((att.body.data as Rec).name);
  const dl = await fetch(new URL(String((att.body.data as Rec).link), b.base).toString());
  expect(dl.status).toBe(200);
  expect(dl.headers.get('content-type')).toBe('application/pdf');
  expect(dl.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('季度报告.pdf')}`);
  expect(Buffer.from(await dl.arrayBuffer())).toEqual(pdf);
  expect(objects().has(`upload/${attName}`)).toBe(inS3);

  // import sources: a keyword file uploaded through b, a JSON import's lines through a; each task runs to the end
  const words = ['对象存储词一', '对象存储词二', '对象存储词三'].map((w) => `${w}${inS3 ? 'S' : 'L'}${a === b ? '1' : '2'}`);
  const file = await multipart(b.base, b.token, '/website-blade-article/keyword/importText', [{ name: 'file', value: words.slice(0, 2).join('\n'), filename: '词.txt' }]);
  expect(file.body.code, String(file.body.msg)).toBe(200);
  expect(await importTaskDone(b.base, b.token, String((file.body.data as Rec).id))).toMatchObject({ status: 2, successRows: 2 });
  const listed = await post(a, '/website-blade-article/keyword/import', { keywords: [words[2]] });
  expect(listed.body.code, String(listed.body.msg)).toBe(200);
  const taskId = String((listed.body.data as Rec).id);
  expect(await importTaskDone(a.base, a.token, taskId)).toMatchObject({ status: 2, successRows: 1 });
  const imported = await a.h.data().all(sql<{ keyword: string }>`SELECT keyword FROM keyword WHERE keyword IN (${sql.join(words)}) AND is_deleted = 0`);
  expect(imported.map((k) => k.keyword).sort()).toEqual([...words].sort());
  const seen = s3.requests.slice(asked);
  if (inS3) {
    // the JSON import's lines went to the store and were removed once imported
    expect(seen.some((r) => r.method === 'PUT' && r.key === `imports/${taskId}.txt`)).toBe(true);
    expect(seen.some((r) => r.method === 'DELETE' && r.key === `imports/${taskId}.txt`)).toBe(true);
    for (const h of folders) expect(existsSync(join(h.dataDir, 'imports', `${taskId}.txt`))).toBe(false);
  }

  // remove through b: the file is gone from its store, and its link answers 404 through a
  expect((await post(b, '/blade-resource/attach/remove', undefined, { ids: attName })).body.success).toBe(true);
  expect(objects().has(`upload/${attName}`)).toBe(false);
  expect((await fetch(new URL(String((att.body.data as Rec).link), a.base).toString())).status).toBe(404);
  if (!inS3) expect(seen).toEqual([]);
}

describe('two instances on one PostgreSQL, the test S3 server enabled in 对象存储', () => {
  let a: Node;
  let b: Node;
  let ossId = '';
  beforeAll(async () => {
    const database = await (await sharedPostgres()).createDatabase();
    a = await node(await startHarness({ database }));
    b = await node(await startHarness({ database }));
  }, 120_000);
  afterAll(async () => {
    await a?.h.stop();
    await b?.h.stop();
  });

  it('put through one instance, read, import and remove through the other: the bytes are in the object storage only', async () => {
    ossId = await enableS3(a);
    // the secret key is sealed in the database and masked to the client
    const row = await a.h.data().get(sql<{ secret_key: string }>`SELECT secret_key FROM blade_oss WHERE id = ${ossId}`);
    expect(row!.secret_key.startsWith('v1:')).toBe(true);
    expect(row!.secret_key).not.toContain(s3.secretKey);
    const detail = (await api<Rec>(b.base, b.token, 'GET', `${OSS}/detail`, { query: { id: ossId } })).body.data;
    expect(detail.secretKey).toBe('******');
    expect(JSON.stringify(detail)).not.toContain(s3.secretKey);
    await journey(a, b, true);
  });

  it('a wrong secret key (changed through the other instance) fails the upload with the storage\'s reason', async () => {
    expect((await putImage(a)).status).toBe(200); // a's store is cached now
    expect((await post(b, `${OSS}/submit`, { id: ossId, secretKey: 'not-the-secret' })).body.code).toBe(200);
    const before = objects().size;
    const refused = await putImage(a);
    expect(refused.status).toBe(400);
    expect(refused.msg).toMatch(/^上传失败: 对象存储 team-minio \(127\.0\.0\.1:\d+\/seo-files\) 拒绝了访问密钥 \(SignatureDoesNotMatch, HTTP 403\)，请检查 accessKey 和 secretKey$/);
    expect(objects().size).toBe(before);
    expect(s3.requests.at(-1)).toMatchObject({ method: 'PUT', status: 403 });
    expect((await post(b, `${OSS}/submit`, { id: ossId, secretKey: s3.secretKey })).body.code).toBe(200);
    expect((await putImage(a)).status).toBe(200);
  });

  it('enabling the built-in local storage switches new files back to the data folder; those in the object storage stay readable', async () => {
    const old = await putImage(a);
    expect(objects().has(`upload/${fileName(old.link)}`)).toBe(true);
    await enableLocal(b);
    const asked = s3.requests.length;
    const now = await putImage(a);
    expect(now.status).toBe(200);
    expect(uploadsIn(a.h)).toContain(fileName(now.link));
    expect(objects().has(`upload/${fileName(now.link)}`)).toBe(false);
    expect(s3.requests.length).toBe(asked);
    // the earlier file is read from where it was written, through either instance
    for (const n of [a, b]) {
      const r = await fetch(new URL(old.link, n.base).toString());
      expect(r.status).toBe(200);
      expect(Buffer.from(await r.arrayBuffer())).toEqual(PNG);
    }
  });
});

describe('the embedded back end (SQLite)', () => {
  let one: Node;
  let ossId = '';
  beforeAll(async () => {
    one = await node(await startHarness());
    expect(one.h.engine).toBe('sqlite');
  });
  afterAll(async () => {
    await one?.h.stop();
  });

  it('with no object storage enabled: files in the data folder, as before', async () => {
    await journey(one, one, false);
  });

  it('with the test S3 server enabled: files in the object storage', async () => {
    ossId = await enableS3(one);
    await journey(one, one, true);
  });

  it('a file the object storage refuses to give is answered with the storage\'s reason, not a 500', async () => {
    const img = await putImage(one);
    expect(img.status).toBe(200);
    expect((await post(one, `${OSS}/submit`, { id: ossId, secretKey: 'not-the-secret' })).body.code).toBe(200);
    const r = await fetch(new URL(img.link, one.base).toString());
    expect(r.status).toBe(502);
    expect(((await r.json()) as { msg: string }).msg).toMatch(/^读取失败: 对象存储 team-minio \(127\.0\.0\.1:\d+\/seo-files\) 拒绝了访问密钥 \(SignatureDoesNotMatch, HTTP 403\)/);
    // in English: the action, the store and its answer in the caller's language
    const en = await fetch(new URL(img.link, one.base).toString(), { headers: { 'Accept-Language': 'en' } });
    expect(((await en.json()) as { msg: string }).msg).toMatch(/^Reading failed: object storage team-minio \(127\.0\.0\.1:\d+\/seo-files\) refused the access key \(SignatureDoesNotMatch, HTTP 403\); check the accessKey and secretKey$/);
    // a keyword import whose file cannot be stored says why
    const refused = await post(one, '/website-blade-article/keyword/import', { keywords: ['存不进去'] });
    expect(refused.body.msg).toMatch(/^上传失败: 对象存储 team-minio .* 拒绝了访问密钥/);
    expect((await post(one, `${OSS}/submit`, { id: ossId, secretKey: s3.secretKey })).body.code).toBe(200);
    expect((await fetch(new URL(img.link, one.base).toString())).status).toBe(200);
  });

  it('a secret key saved in clear before it was sealed is sealed at the next start, and still opens', async () => {
    await one.h.data().run(sql`UPDATE blade_oss SET secret_key = ${s3.secretKey} WHERE id = ${ossId}`);
    const files = new FileStores(one.h.data(), one.h.dataDir, SecretBox.forDataDir(one.h.dataDir), new CacheRegistry());
    expect(await files.sealClearSecrets()).toBe(1);
    const stored = (await one.h.data().get(sql<{ v: string }>`SELECT secret_key AS v FROM blade_oss WHERE id = ${ossId}`))!.v;
    expect(stored.startsWith('v1:')).toBe(true);
    expect(files.openSecret(stored)).toBe(s3.secretKey);
    // the built-in local storage's placeholder stays as seeded
    expect((await one.h.data().get(sql<{ v: string }>`SELECT secret_key AS v FROM blade_oss WHERE oss_code = 'local'`))!.v).toBe('-');
    expect(await files.sealClearSecrets()).toBe(0);
    const img = await putImage(one);
    expect(img.status, img.msg).toBe(200);
    expect(objects().has(`upload/${fileName(img.link)}`)).toBe(true);
  });
});
