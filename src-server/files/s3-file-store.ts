// Files in an S3-compatible object storage (MinIO, Aliyun OSS, Tencent COS,
// Qiniu), through @aws-sdk/client-s3, with the settings of a 对象存储 row:
// endpoint, accessKey / secretKey (opened on the server only), bucket (空间名)
// and region. Addressing: path-style (http://host/bucket/key) for MinIO and for
// an endpoint that is an IP address or localhost, virtual-host style
// (http://bucket.host/key) otherwise, as Aliyun, COS and Qiniu expect. Region:
// the row's, else read from the provider's endpoint name, else us-east-1.
import { Readable } from 'node:stream';
import { isIP } from 'node:net';
import {
  DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException,
} from '@aws-sdk/client-s3';
import { checkedKey, type FileStore } from './file-store';
import { messageText, type NestedMessage } from '../../src-shared/messages';

export interface S3Settings {
  /** the 对象存储 row's id */
  id: string;
  /** its 资源编号, for messages */
  code: string;
  /** category (dict `oss`): 1 minio, 2 七牛云, 3 阿里云, 4 腾讯云 */
  category: number;
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region?: string | null;
}

/** the endpoint as a URL (https:// when it names none) */
export function endpointUrl(endpoint: string): URL {
  const text = endpoint.trim();
  return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
}

/** path-style for MinIO and for hosts that cannot carry a bucket name in front (an IP, localhost) */
export function pathStyleFor(category: number, endpoint: URL): boolean {
  const host = endpoint.hostname.replace(/^\[|\]$/g, '');
  return category === 1 || isIP(host) !== 0 || host === 'localhost' || !host.includes('.');
}

/** the signing region: the row's, else the provider's from its endpoint name, else us-east-1 */
export function regionFor(region: string | null | undefined, endpoint: URL): string {
  if (region?.trim()) return region.trim();
  const host = endpoint.hostname;
  const patterns: RegExp[] = [
    /^(?:[^.]+\.)?(oss-[a-z0-9-]+?)(?:-internal)?\.aliyuncs\.com$/, // Aliyun: oss-cn-hangzhou.aliyuncs.com
    /^(?:[^.]+\.)?cos\.([a-z0-9-]+)\.myqcloud\.com$/, // Tencent COS: cos.ap-guangzhou.myqcloud.com
    /^(?:[^.]+\.)?s3[.-]([a-z0-9-]+)\.qiniucs\.com$/, // Qiniu: s3.cn-east-1.qiniucs.com
    /^(?:[^.]+\.)?s3[.-]([a-z0-9-]+)\.amazonaws\.com$/,
  ];
  for (const p of patterns) {
    const m = p.exec(host);
    if (m?.[1]) return m[1];
  }
  return 'us-east-1';
}

const notFound = (err: unknown): boolean =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404) && err.name !== 'NoSuchBucket';

export function s3FileStore(s: S3Settings): FileStore {
  const endpoint = endpointUrl(s.endpoint);
  const client = new S3Client({
    endpoint: endpoint.origin + endpoint.pathname.replace(/\/+$/, ''),
    region: regionFor(s.region, endpoint),
    forcePathStyle: pathStyleFor(s.category, endpoint),
    credentials: { accessKeyId: s.accessKey, secretAccessKey: s.secretKey },
    // a refused key or an unreachable store is said at once, not after minutes of retries
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    // checksums only where S3 requires them: the S3-compatible stores do not all read the SDK's newer
    // trailing checksums (aws-chunked bodies)
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = s.bucket;
  const labelMessage: NestedMessage = { key: 'file.objectStorage', params: { code: s.code, at: `${endpoint.host}/${s.bucket}` } };
  return {
    id: s.id,
    label: messageText(labelMessage, 'zh'),
    labelMessage,
    async put(key, body, o) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkedKey(key), Body: body, ContentLength: o.size, ContentType: o.contentType }));
    },
    async get(key) {
      try {
        const r = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }));
        if (!r.Body) return null;
        return { size: Number(r.ContentLength ?? 0), contentType: r.ContentType ?? 'application/octet-stream', body: r.Body as Readable };
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async head(key) {
      try {
        const r = await client.send(new HeadObjectCommand({ Bucket, Key: checkedKey(key) }));
        return { size: Number(r.ContentLength ?? 0), contentType: r.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    async list(prefix) {
      const out: { key: string; size: number }[] = [];
      let token: string | undefined;
      do {
        const r = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }));
        for (const o of r.Contents ?? []) if (o.Key) out.push({ key: o.Key, size: Number(o.Size ?? 0) });
        token = r.IsTruncated ? r.NextContinuationToken : undefined;
      } while (token);
      return out;
    },
    close() {
      client.destroy();
    },
  };
}
