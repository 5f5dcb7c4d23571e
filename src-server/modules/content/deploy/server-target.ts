// From a server record to a release target: an SFTP server (password opened
// with the install's secret box, host key pinned on first contact) or a local
// folder. Also the "test connection" probe that sets the server's status
// (dictionary server_ip_status: 0 正常, 1 异常) from a real connection and write.
import { join, posix } from 'node:path';
import { sql, type Queries } from '../../../db/data-layer';
import { ReasonError, reasonOf } from '../../../http/reasons';
import { messageText, type Message, type NestedMessage, type ReplyLanguage } from '../../../../src-shared/messages';
import { reasonJson } from '../../../../src-shared/messages/stored';
import type { Clock } from '../../../util/clock';
import { formatDateTime } from '../../../util/dates';
import type { SecretBox } from '../../../util/secret-box';
import { LocalTarget } from './local-target';
import { DeployCancelled, type ReleaseTarget } from './release-publisher';
import { SftpTarget, sshErrorReason } from './sftp-target';

type Rec = Record<string, unknown>;

export const SERVER_SFTP = 'sftp';
export const SERVER_LOCAL = 'local';
export const DEFAULT_REMOTE_PATH = '/var/www';
export const SERVER_OK = 0;
export const SERVER_DOWN = 1;

export interface OpenedTarget {
  target: ReleaseTarget;
  /** the site's folder on the target for a host */
  rootFor(host: string, websiteId: string): string;
  /** an operator's message for an error the target raised */
  explain(e: unknown): Message;
  /** the back end's own preview URL of a site kept in its data folder, if that is where it went */
  previewOf(host: string, websiteId: string): string | undefined;
}

const cancelled = (e: unknown): Message | undefined => (e instanceof DeployCancelled ? { key: 'deploy.cancelled' } : undefined);

export class ServerTargets {
  constructor(
    private readonly data: Queries,
    private readonly dataDir: string,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  private password(server: Rec): string {
    const sealed = String(server.server_password ?? '');
    if (!sealed) return '';
    try {
      return this.box.open(sealed);
    } catch {
      throw new ReasonError({ key: 'server.passwordUnreadable' });
    }
  }

  /** Opens the server's target; throws an Error whose message is for the operator. */
  async open(server: Rec, timeoutMs?: number): Promise<OpenedTarget> {
    if (server.server_type === SERVER_LOCAL) {
      const base = String(server.deploy_path ?? '').trim();
      const target = new LocalTarget(base || this.dataDir);
      return {
        target,
        rootFor: (host, websiteId) => (base ? join(base, host) : join('sites', websiteId, host)),
        explain: (e) => cancelled(e) ?? { key: 'deploy.localWriteFailed', params: { label: target.label, detail: (e as Error).message } },
        previewOf: (host, websiteId) => (base ? undefined : `/api/site-preview/${websiteId}/${host}/index.html`),
      };
    }
    const s = {
      host: String(server.server_ip ?? ''),
      port: Number(server.server_port) || 22,
      username: String(server.server_username ?? ''),
      password: this.password(server),
      hostKey: server.host_key ? String(server.host_key) : undefined,
      timeoutMs,
    };
    let target: SftpTarget;
    try {
      target = await SftpTarget.open(s);
    } catch (e) {
      throw new ReasonError(sshErrorReason(e, s));
    }
    if (!server.host_key) {
      try {
        await this.data.run(sql`UPDATE server_info SET host_key = ${target.hostKey} WHERE id = ${String(server.id)}`);
      } catch (e) {
        await target.close().catch(() => undefined);
        throw e;
      }
    }
    const base = String(server.deploy_path ?? '').trim() || DEFAULT_REMOTE_PATH;
    return { target, rootFor: (host) => posix.join(base, host), explain: (e) => cancelled(e) ?? sshErrorReason(e, s), previewOf: () => undefined };
  }

  /** Records a server's status after a connection (deploy or probe): the message's zh text, and its key when it has one. */
  async mark(serverId: unknown, ok: boolean, message: Message | NestedMessage | string): Promise<void> {
    const text = typeof message === 'string' ? message : messageText(message, 'zh');
    await this.data.run(sql`UPDATE server_info SET status = ${ok ? SERVER_OK : SERVER_DOWN}, check_time = ${formatDateTime(this.clock())}, check_message = ${text},
        check_reason = ${reasonJson(message)} WHERE id = ${String(serverId)}`);
  }

  /** Test connection: connects, writes and removes a probe file in the deploy folder; sets the server status. The message in `language`. */
  async probe(server: Rec, language: ReplyLanguage = 'zh'): Promise<{ ok: boolean; status: number; message: string; hostKey?: string }> {
    let opened: OpenedTarget | undefined;
    let message: Message | NestedMessage | string;
    let ok = false;
    try {
      opened = await this.open(server, 8_000);
      const root = server.server_type === SERVER_LOCAL ? String(server.deploy_path ?? '').trim() || 'sites' : String(server.deploy_path ?? '').trim() || DEFAULT_REMOTE_PATH;
      const probe = posix.join(root, `.seo-matrix-probe-${process.pid}-${Date.now()}`);
      try {
        await opened.target.mkdirp(root);
        await opened.target.writeFile(probe, Buffer.from('probe'));
        await opened.target.unlink(probe);
      } catch (e) {
        throw new ReasonError({ key: 'server.probeNotWritable', params: { root, detail: (e as Error).message } });
      }
      ok = true;
      message = server.server_type === SERVER_LOCAL ? { key: 'server.probeLocalOk', params: { label: opened.target.label } } : { key: 'server.probeOk', params: { root } };
    } catch (e) {
      message = reasonOf(e);
    } finally {
      await opened?.target.close().catch(() => undefined);
    }
    await this.mark(server.id, ok, message);
    const fresh = await this.data.get(sql<{ host_key: string | null }>`SELECT host_key FROM server_info WHERE id = ${String(server.id)}`);
    return { ok, status: ok ? SERVER_OK : SERVER_DOWN, message: typeof message === 'string' ? message : messageText(message, language), hostKey: fresh?.host_key ?? undefined };
  }
}
