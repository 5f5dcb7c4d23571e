// A release target on an SSH server: SFTP for files (OpenSSH's posix-rename and
// hardlink extensions for the atomic switch and the carried-over files), and
// `cp -al` / `rm -rf` over exec when the account has a shell (one round trip
// instead of one per file). The host key's SHA-256 fingerprint is pinned: the
// first successful connection records it, a later different key is refused.
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { Client, type ConnectConfig, type SFTPWrapper } from 'ssh2';
import type { ReleaseTarget } from './release-publisher';

export interface SshServer {
  host: string;
  port: number;
  username: string;
  password: string;
  /** "SHA256:..." recorded earlier; a different key is refused */
  hostKey?: string;
  timeoutMs?: number;
}

/** The message an operator sees for a failed connection (Chinese, as the console's other messages). */
export function sshErrorMessage(e: unknown, s: { host: string; port: number }): string {
  const err = e as { level?: string; code?: string; message?: string };
  const at = `${s.host}:${s.port}`;
  if (err?.level === 'client-authentication') return `服务器认证失败(${at}): 用户名或密码错误`;
  if (err?.message === 'HOST_KEY_MISMATCH') return `服务器主机密钥与记录不符(${at}), 已拒绝连接`;
  switch (err?.code) {
    case 'ECONNREFUSED':
      return `无法连接服务器(${at}): 连接被拒绝`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `无法连接服务器(${at}): 地址无法解析`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `无法连接服务器(${at}): 网络不可达`;
    case 'ETIMEDOUT':
      return `连接服务器超时(${at})`;
    case 'ECONNRESET':
      return `与服务器的连接中断(${at})`;
    default:
  }
  if (err?.level === 'client-timeout' || /timed out/i.test(err?.message ?? '')) return `连接服务器超时(${at})`;
  if (/No SFTP|sftp/i.test(err?.message ?? '') && /subsystem|channel/i.test(err?.message ?? '')) return `服务器未开启SFTP(${at})`;
  if (/Not connected|closed|No response|ended/i.test(err?.message ?? '')) return `与服务器的连接中断(${at})`;
  return `服务器操作失败(${at}): ${err?.message ?? String(e)}`;
}

export const fingerprint = (key: Buffer): string => `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

/** Opens an SSH connection; resolves with the client and the host key's fingerprint. */
export function sshConnect(s: SshServer): Promise<{ client: Client; hostKey: string }> {
  return new Promise((resolve, reject) => {
    const client = new Client();
    let hostKey = '';
    const cfg: ConnectConfig = {
      host: s.host,
      port: s.port,
      username: s.username,
      password: s.password,
      readyTimeout: s.timeoutMs ?? 15_000,
      tryKeyboard: false,
      hostVerifier: (key: Buffer) => {
        hostKey = fingerprint(key);
        return !s.hostKey || s.hostKey === hostKey;
      },
    };
    client.once('ready', () => resolve({ client, hostKey }));
    client.once('error', (e) => {
      client.end();
      if (s.hostKey && hostKey && s.hostKey !== hostKey) reject(new Error('HOST_KEY_MISMATCH'));
      else reject(e);
    });
    client.connect(cfg);
  });
}

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

const cb =
  <T>(resolve: (v: T) => void, reject: (e: unknown) => void) =>
  (err: unknown, v?: T) =>
    err ? reject(err) : resolve(v as T);

export class SftpTarget implements ReleaseTarget {
  readonly label: string;
  private shell = true;
  /** bytes written by writeFile, for the deploy log */
  bytesWritten = 0;

  private constructor(
    private readonly client: Client,
    private readonly sftp: SFTPWrapper,
    s: SshServer,
    readonly hostKey: string,
  ) {
    this.label = `sftp://${s.username}@${s.host}:${s.port}`;
  }

  static async open(s: SshServer): Promise<SftpTarget> {
    const { client, hostKey } = await sshConnect(s);
    try {
      const sftp = await new Promise<SFTPWrapper>((res, rej) => client.sftp(cb(res, rej)));
      const t = new SftpTarget(client, sftp, s, hostKey);
      // a dropped connection fails every pending request (ssh2 does so); keep the error from being unhandled
      client.on('error', () => undefined);
      return t;
    } catch (e) {
      client.end();
      throw e;
    }
  }

  /** Runs a command; resolves with its exit code (-1 when the server refuses exec). */
  exec(cmd: string): Promise<{ code: number; stderr: string }> {
    return new Promise((resolve) => {
      this.client.exec(cmd, (err, ch) => {
        if (err) return resolve({ code: -1, stderr: err.message });
        let stderr = '';
        ch.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        ch.on('data', () => undefined);
        ch.on('close', (code: number | null) => resolve({ code: code ?? -1, stderr }));
      });
    });
  }

  private stat(p: string) {
    return new Promise<{ isDirectory(): boolean } | undefined>((res) => this.sftp.stat(p, (err, st) => res(err ? undefined : st)));
  }

  async mkdirp(path: string): Promise<void> {
    const abs = path.startsWith('/');
    const parts = path.split('/').filter(Boolean);
    let cur = abs ? '' : '.';
    for (const part of parts) {
      cur = abs && cur === '' ? `/${part}` : `${cur}/${part}`;
      const made = await new Promise<boolean>((res) => this.sftp.mkdir(cur, (err) => res(!err)));
      if (made) continue;
      const st = await this.stat(cur);
      if (!st?.isDirectory()) throw new Error(`无法创建目录 ${cur}`);
    }
  }

  readText(path: string): Promise<string | undefined> {
    return new Promise((res) => this.sftp.readFile(path, (err, data) => res(err ? undefined : data.toString('utf8'))));
  }

  writeFile(path: string, data: Buffer): Promise<void> {
    return new Promise((res, rej) =>
      this.sftp.writeFile(path, data, (err) => {
        if (err) return rej(err);
        this.bytesWritten += data.length;
        res();
      }),
    );
  }

  readlink(path: string): Promise<string | undefined> {
    return new Promise((res) => this.sftp.readlink(path, (err, target) => res(err ? undefined : target)));
  }

  async swapLink(target: string, link: string): Promise<void> {
    const tmp = `${link}.tmp-${process.pid}-${Date.now()}`;
    await new Promise<void>((res, rej) => this.sftp.symlink(target, tmp, cb(res, rej)));
    try {
      await new Promise<void>((res, rej) => this.sftp.ext_openssh_rename(tmp, link, cb(res, rej)));
    } catch (e) {
      await this.unlink(tmp).catch(() => undefined);
      throw e;
    }
  }

  async cloneTree(from: string, to: string, files: string[]): Promise<void> {
    if (this.shell) {
      const r = await this.exec(`cp -al -- ${q(from)} ${q(to)}`);
      if (r.code === 0) return;
      if (r.code !== -1 && !/not found|not allowed|denied/i.test(r.stderr)) throw new Error(`复制上一版本失败: ${r.stderr.trim()}`);
      this.shell = false; // no shell on this account: one SFTP hard link per file
    }
    const dirs = new Set<string>();
    for (const f of files) dirs.add(posix.dirname(posix.join(to, f)));
    for (const d of [...dirs].sort()) await this.mkdirp(d);
    const queue = [...files];
    const worker = async () => {
      for (let f = queue.shift(); f !== undefined; f = queue.shift()) {
        const src = posix.join(from, f);
        const dst = posix.join(to, f);
        await new Promise<void>((res, rej) => this.sftp.ext_openssh_hardlink(src, dst, cb(res, rej)));
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
  }

  unlink(path: string): Promise<void> {
    return new Promise((res, rej) => this.sftp.unlink(path, cb(res, rej)));
  }

  list(dir: string): Promise<string[]> {
    return new Promise((res, rej) => this.sftp.readdir(dir, (err, list) => (err ? rej(err) : res(list.map((e) => e.filename)))));
  }

  async removeTree(path: string): Promise<void> {
    if (this.shell) {
      const r = await this.exec(`rm -rf -- ${q(path)}`);
      if (r.code === 0) return;
      if (r.code !== -1) throw new Error(r.stderr.trim() || `rm -rf exited ${r.code}`);
      this.shell = false;
    }
    const entries = await new Promise<{ filename: string; attrs: { isDirectory(): boolean } }[]>((res) =>
      this.sftp.readdir(path, (err, list) => res(err ? [] : (list as unknown as { filename: string; attrs: { isDirectory(): boolean } }[]))),
    );
    for (const e of entries) {
      const p = posix.join(path, e.filename);
      if (e.attrs.isDirectory()) await this.removeTree(p);
      else await this.unlink(p).catch(() => undefined);
    }
    await new Promise<void>((res) => this.sftp.rmdir(path, () => res()));
  }

  async close(): Promise<void> {
    this.client.end();
  }
}
