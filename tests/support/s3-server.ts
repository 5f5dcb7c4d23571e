// A small S3-compatible server for tests, standing in for the company's object
// storage (MinIO, Aliyun OSS, Tencent COS, Qiniu): on 127.0.0.1, path-style
// addressing (http://127.0.0.1:PORT/<bucket>/<key>), PUT / GET / HEAD / DELETE
// of an object and ListObjectsV2, objects kept in memory. Every request must
// carry an AWS Signature Version 4 Authorization header made with the one
// access key and its secret: the signature is computed again here (canonical
// request, string to sign, signing key) and a wrong key or secret is refused
// with 403 InvalidAccessKeyId / SignatureDoesNotMatch, as S3 does. Requests
// are counted (`requests`), so a test can prove the store was really used.
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3Object {
  body: Buffer;
  contentType: string;
  modified: Date;
}

export interface S3Request {
  method: string;
  bucket: string;
  key: string;
  /** what the server answered */
  status: number;
}

export interface S3TestServer {
  /** http://127.0.0.1:PORT */
  url: string;
  accessKey: string;
  secretKey: string;
  /** the objects of each bucket, by key */
  buckets: Map<string, Map<string, S3Object>>;
  /** every request answered, in order */
  requests: S3Request[];
  close(): Promise<void>;
}

export interface S3ServerOptions {
  accessKey?: string;
  secretKey?: string;
  /** the buckets that exist (default: `files`) */
  buckets?: string[];
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 wants for query names and values */
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Why a request's SigV4 signature does not hold, or null when it does (`body`: what was sent). */
export function signatureProblem(req: IncomingMessage, body: Buffer, accessKey: string, secretKey: string): { code: string; message: string } | null {
  const auth = req.headers.authorization ?? '';
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
  if (!m) return { code: 'AccessDenied', message: 'a Signature Version 4 Authorization header is required' };
  const [, key, date, region, service, signedHeaders, signature] = m as unknown as string[];
  if (key !== accessKey) return { code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const payload = String(req.headers['x-amz-content-sha256'] ?? '');
  if (!payload) return { code: 'InvalidRequest', message: 'x-amz-content-sha256 is required' };
  if (payload !== 'UNSIGNED-PAYLOAD' && payload !== sha256(body)) return { code: 'XAmzContentSHA256Mismatch', message: 'The provided x-amz-content-sha256 header does not match what was computed.' };
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q + 1);
  const canonicalQuery = query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const i = pair.indexOf('=');
      const name = decodeURIComponent((i < 0 ? pair : pair.slice(0, i)).replace(/\+/g, ' '));
      const value = i < 0 ? '' : decodeURIComponent(pair.slice(i + 1).replace(/\+/g, ' '));
      return [rfc3986(name), rfc3986(value)] as const;
    })
    .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1))
    .map(([n, v]) => `${n}=${v}`)
    .join('&');
  const names = signedHeaders!.split(';');
  const canonicalHeaders = names.map((n) => `${n}:${String(req.headers[n] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonical = [req.method, path, canonicalQuery, canonicalHeaders, signedHeaders, payload].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretKey}`, date!), region!), service!), 'aws4_request');
  const expected = createHmac('sha256', signingKey).update(toSign).digest('hex');
  if (expected !== signature) return { code: 'SignatureDoesNotMatch', message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.' };
  return null;
}

export async function startS3Server(o: S3ServerOptions = {}): Promise<S3TestServer> {
  const accessKey = o.accessKey ?? 'test-access-key';
  const secretKey = o.secretKey ?? 'test-secret-key-0123456789';
  const buckets = new Map((o.buckets ?? ['files']).map((b) => [b, new Map<string, S3Object>()]));
  const requests: S3Request[] = [];

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer): void => {
    const url = new URL(req.url ?? '/', 'http://s3.local');
    const [bucketName = '', ...rest] = url.pathname.slice(1).split('/');
    const bucket = decodeURIComponent(bucketName);
    const key = rest.map(decodeURIComponent).join('/');
    const answer = (status: number, headers: Record<string, string | number> = {}, payload: string | Buffer = '') => {
      requests.push({ method: req.method ?? '', bucket, key, status });
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : payload);
    };
    const error = (status: number, code: string, message: string) =>
      answer(status, { 'content-type': 'application/xml' }, `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${xml(message)}</Message><Resource>${xml(url.pathname)}</Resource></Error>`);

    const problem = signatureProblem(req, body, accessKey, secretKey);
    if (problem) return error(403, problem.code, problem.message);
    const objects = buckets.get(bucket);
    if (!objects) return error(404, 'NoSuchBucket', 'The specified bucket does not exist');

    if (!key) {
      if (req.method !== 'GET' || url.searchParams.get('list-type') !== '2') return error(501, 'NotImplemented', 'only ListObjectsV2 on a bucket');
      const prefix = url.searchParams.get('prefix') ?? '';
      const max = Math.min(Number(url.searchParams.get('max-keys') ?? 1000) || 1000, 1000);
      const after = url.searchParams.get('continuation-token') ?? url.searchParams.get('start-after') ?? '';
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
      const page = keys.slice(0, max);
      const truncated = keys.length > max;
      const contents = page
        .map((k) => {
          const obj = objects.get(k)!;
          return `<Contents><Key>${xml(k)}</Key><LastModified>${obj.modified.toISOString()}</LastModified><ETag>"${createHash('md5').update(obj.body).digest('hex')}"</ETag><Size>${obj.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
        })
        .join('');
      return answer(200, { 'content-type': 'application/xml' },
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${xml(bucket)}</Name><Prefix>${xml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${truncated ? `<NextContinuationToken>${xml(page[page.length - 1]!)}</NextContinuationToken>` : ''}</ListBucketResult>`);
    }

    const etag = (b: Buffer) => `"${createHash('md5').update(b).digest('hex')}"`;
    switch (req.method) {
      case 'PUT': {
        if (req.headers['x-amz-copy-source']) return error(501, 'NotImplemented', 'copy is not served');
        const length = Number(req.headers['content-length'] ?? -1);
        if (length !== body.length) return error(400, 'IncompleteBody', 'You did not provide the number of bytes specified by the Content-Length HTTP header');
        objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'), modified: new Date() });
        return answer(200, { etag: etag(body) });
      }
      case 'GET':
      case 'HEAD': {
        const obj = objects.get(key);
        if (!obj) return req.method === 'HEAD' ? answer(404) : error(404, 'NoSuchKey', 'The specified key does not exist.');
        return answer(200, { 'content-type': obj.contentType, 'content-length': obj.body.length, etag: etag(obj.body), 'last-modified': obj.modified.toUTCString() }, obj.body);
      }
      case 'DELETE':
        objects.delete(key);
        return answer(204);
      default:
        return error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accessKey,
    secretKey,
    buckets,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
