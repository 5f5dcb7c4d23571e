// A release target on an SSH server: SFTP for files (OpenSSH's posix-rename and
// hardlink extensions for the atomic switch and the carried-over files), and
// `cp -al` / `rm -rf` over exec when the account has a shell (one round trip
// instead of one per file). The host key's SHA-256 fingerprint is pinned: the
// first successful connection records it, a later different key is refused.
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { Client, type ConnectConfig, type SFTPWrapper } from 'ssh2';
import type { Message, MessageKey } from '../../../../src-shared/messages';
// a failure of the target: its reason keyed (read in the reader's language), not a refusal (the deploy may retry)
import { ReasonError } from '../../../http/reasons';
import { SPARE_PART, spareOf } from './release-manifest';
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

/** The reason an operator sees for a failed connection (a message of the table: deploy-messages.ts). */
export function sshErrorReason(e: unknown, s: { host: string; port: number }): Message {
  const err = e as { level?: string; code?: string; message?: string };
  const at = `${s.host}:${s.port}`;
  const says = (key: MessageKey): Message => ({ key, params: { at } });
  if (err?.level === 'client-authentication') return says('deploy.sshAuth');
  if (err?.message === 'HOST_KEY_MISMATCH') return says('deploy.sshHostKey');
  switch (err?.code) {
    case 'ECONNREFUSED':
      return says('deploy.sshRefused');
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return says('deploy.sshNotFound');
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return says('deploy.sshUnreachable');
    case 'ETIMEDOUT':
      return says('deploy.sshTimeout');
    case 'ECONNRESET':
      return says('deploy.sshReset');
    default:
  }
  if (err?.level === 'client-timeout' || /timed out/i.test(err?.message ?? '')) return says('deploy.sshTimeout');
  if (/No SFTP|sftp/i.test(err?.message ?? '') && /subsystem|channel/i.test(err?.message ?? '')) return says('deploy.sshNoSftp');
  if (/Not connected|closed|No response|ended/i.test(err?.message ?? '')) return says('deploy.sshReset');
  return { key: 'deploy.sshFailed', params: { at, detail: err?.message ?? String(e) } };
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
    client.once('ready', () => {
      // many small requests in a row: do not let Nagle's algorithm hold each one back for a delayed ACK
      client.setNoDelay(true);
      resolve({ client, hostKey });
    });
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
  /** rejects when the connection goes away: a request in flight then never gets its answer */
  private readonly lost: Promise<never>;

  private constructor(
    private readonly client: Client,
    private readonly sftp: SFTPWrapper,
    s: SshServer,
    readonly hostKey: string,
  ) {
    this.label = `sftp://${s.username}@${s.host}:${s.port}`;
    this.lost = new Promise<never>((_, reject) => {
      const gone = () => reject(Object.assign(new Error('connection lost'), { code: 'ECONNRESET' }));
      client.once('close', gone);
      client.once('end', gone);
      sftp.once('close', gone);
    });
    this.lost.catch(() => undefined);
  }

  /** One request: its answer, or the connection's loss. */
  private op<T>(fn: (done: (err: unknown, v?: T) => void) => void): Promise<T> {
    return Promise.race([new Promise<T>((res, rej) => fn((err, v) => (err ? rej(err) : res(v as T)))), this.lost]);
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
    return this.op((done) => {
      const resolve = (v: { code: number; stderr: string }) => done(undefined, v);
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
    return this.op<{ isDirectory(): boolean } | undefined>((done) => this.sftp.stat(p, (err, st) => done(undefined, err ? undefined : st)));
  }

  async mkdirp(path: string): Promise<void> {
    if ((await this.stat(path))?.isDirectory()) return; // one round trip when it is there already
    const abs = path.startsWith('/');
    const parts = path.split('/').filter(Boolean);
    let cur = abs ? '' : '.';
    for (const part of parts) {
      cur = abs && cur === '' ? `/${part}` : `${cur}/${part}`;
      const made = await this.op<boolean>((done) => this.sftp.mkdir(cur, (err) => done(undefined, !err)));
      if (made) continue;
      const st = await this.stat(cur);
      if (!st?.isDirectory()) throw new ReasonError({ key: 'deploy.mkdirFailed', params: { path: cur } });
    }
  }

  readFile(path: string): Promise<Buffer | undefined> {
    return this.op((done) => this.sftp.readFile(path, (err, data) => done(undefined, err ? undefined : data)));
  }

  async writeFile(path: string, data: Buffer): Promise<void> {
    await this.op<void>((done) => this.sftp.writeFile(path, data, (err) => done(err)));
    this.bytesWritten += data.length;
  }

  readlink(path: string): Promise<string | undefined> {
    return this.op((done) => this.sftp.readlink(path, (err, target) => done(undefined, err ? undefined : target)));
  }

  async swapLink(target: string, link: string): Promise<void> {
    const tmp = `${link}.tmp-${process.pid}-${Date.now()}`;
    await this.op<void>((done) => this.sftp.symlink(target, tmp, done));
    try {
      await this.op<void>((done) => this.sftp.ext_openssh_rename(tmp, link, done));
    } catch (e) {
      await this.unlink(tmp).catch(() => undefined);
      throw e;
    }
  }

  async cloneTree(from: string, to: string, files: string[]): Promise<{ done: Promise<void> }> {
    if (this.shell) {
      // the spare copy made after `from` went live (prepareSpare) is renamed into place when it is there and complete
      const run = await this.startExec(`mv -T -- ${q(spareOf(from))} ${q(to)} 2>/dev/null || cp -al -- ${q(from)} ${q(to)}`);
      if (run) {
        const done = run.finished.then((r) => {
          if (r.code !== 0) throw new ReasonError({ key: 'deploy.copyPreviousFailed', params: { detail: r.stderr.trim() || `cp exited ${r.code}` } });
        });
        return { done };
      }
      this.shell = false; // no shell on this account: one SFTP hard link per file
    }
    return { done: this.linkEach(from, to, files) };
  }

  /**
   * Starts, on the server, a hard-linked copy of a release that has just gone live, for the next deploy to start
   * from (cloneTree renames it into place instead of copying the live release while the deploy waits). It runs
   * detached, so it outlives this connection; it is named complete only once the copy has succeeded. Only where
   * the account has a shell.
   */
  async prepareSpare(release: string): Promise<void> {
    if (!this.shell) return;
    const spare = spareOf(release);
    const job = `cp -al -- ${q(release)} ${q(`${spare}${SPARE_PART}`)} && mv -T -- ${q(`${spare}${SPARE_PART}`)} ${q(spare)}`;
    const run = await this.startExec(`nohup sh -c ${q(job)} </dev/null >/dev/null 2>&1 &`);
    await run?.finished;
  }

  /** Starts a command; resolves once it runs on the server (undefined when the server refuses exec) with its completion. */
  private startExec(cmd: string): Promise<{ finished: Promise<{ code: number; stderr: string }> } | undefined> {
    return this.op((started) => {
      this.client.exec(cmd, (err, ch) => {
        if (err) return started(undefined, undefined);
        const finished = this.op<{ code: number; stderr: string }>((done) => {
          let stderr = '';
          ch.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
          ch.on('data', () => undefined);
          ch.on('close', (code: number | null) => done(undefined, { code: code ?? -1, stderr }));
        });
        finished.catch(() => undefined);
        started(undefined, { finished });
      });
    });
  }

  private async linkEach(from: string, to: string, files: string[]): Promise<void> {
    const dirs = new Set<string>([to]);
    for (const f of files) dirs.add(posix.dirname(posix.join(to, f)));
    for (const d of [...dirs].sort()) await this.mkdirp(d);
    const queue = [...files];
    const worker = async () => {
      for (let f = queue.shift(); f !== undefined; f = queue.shift()) {
        const src = posix.join(from, f);
        const dst = posix.join(to, f);
        await this.op<void>((done) => this.sftp.ext_openssh_hardlink(src, dst, done));
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
  }

  async removeFiles(dir: string, files: string[]): Promise<void> {
    if (files.length === 0) return;
    if (this.shell) {
      const r = await this.execWithInput(`cd -- ${q(dir)} && xargs -0 rm -f --`, Buffer.from(files.map((f) => `${f}\0`).join('')));
      if (r.code === 0) return;
      if (r.code !== -1) throw new ReasonError({ key: 'deploy.removeFilesFailed', params: { detail: r.stderr.trim() } });
      this.shell = false;
    }
    const queue = [...files];
    const worker = async () => {
      for (let f = queue.shift(); f !== undefined; f = queue.shift()) await this.unlink(posix.join(dir, f)).catch(() => undefined);
    };
    await Promise.all(Array.from({ length: 16 }, worker));
  }

  /** Runs a command with `input` on its standard input. */
  private execWithInput(cmd: string, input: Buffer): Promise<{ code: number; stderr: string }> {
    return this.op((done) => {
      this.client.exec(cmd, (err, ch) => {
        if (err) return done(undefined, { code: -1, stderr: err.message });
        let stderr = '';
        ch.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        ch.on('data', () => undefined);
        ch.on('close', (code: number | null) => done(undefined, { code: code ?? -1, stderr }));
        ch.end(input);
      });
    });
  }

  unlink(path: string): Promise<void> {
    return this.op<void>((done) => this.sftp.unlink(path, done));
  }

  list(dir: string): Promise<string[]> {
    return this.op((done) => this.sftp.readdir(dir, (err, list) => done(err, err ? undefined : list.map((e) => e.filename))));
  }

  async removeTree(path: string): Promise<void> {
    if (this.shell) {
      const r = await this.exec(`rm -rf -- ${q(path)}`);
      if (r.code === 0) return;
      if (r.code !== -1) throw new Error(r.stderr.trim() || `rm -rf exited ${r.code}`);
      this.shell = false;
    }
    const entries = await this.op<{ filename: string; attrs: { isDirectory(): boolean } }[]>((done) =>
      this.sftp.readdir(path, (err, list) => done(undefined, err ? [] : (list as unknown as { filename: string; attrs: { isDirectory(): boolean } }[]))),
    );
    for (const e of entries) {
      const p = posix.join(path, e.filename);
      if (e.attrs.isDirectory()) await this.removeTree(p);
      else await this.unlink(p).catch(() => undefined);
    }
    await this.op<void>((done) => this.sftp.rmdir(path, () => done(undefined)));
  }

  async close(): Promise<void> {
    this.client.end();
  }
}
