// Deploying a website: render it (site-render.ts), reach its server (the
// server of its website association, else its domain's server), publish a new
// release there (release-publisher.ts: only changed files are sent, the live
// folder switches atomically), record the outcome in website_deploy and in
// the website's deploy status. A failure anywhere (rendering, connection,
// authentication, a cut connection, cancelling) is recorded with its reason
// and leaves the live site as it was. Deploys of one website never overlap.
// Publishing, the deploy dialog, the legacy routes and scheduled deploy tasks
// all come through deploy() / deployMany(), which queue a durable `deploy-site`
// job per site (deploy-jobs.ts) and wait for it; the job's handler runs the
// deploy (run()) on whichever working instance claims it, stopping when its
// signal fires (cancelled, lease lost): the live site stays as it was.
// A deploy or a rollback that records success queues, in the same transaction,
// the search engines' announcement of what its release changed (search/
// announce-queue.ts); a site whose IndexNow is on gets its key file in every
// release (search/key-file.ts). Announcing never delays nor fails a deploy.
import { sql, type DataLayer } from '../../../db/data-layer';
import type { FileStores } from '../../../files/file-stores';
import { ServiceError } from '../../../http/reply';
import { ReasonError, reasonOf } from '../../../http/reasons';
import { messageText, type Message, type NestedMessage } from '../../../../src-shared/messages';
import { reasonJson, storedReason } from '../../../../src-shared/messages/stored';
import type { Jobs } from '../../../jobs/jobs';
import type { Job } from '../../../jobs/queue';
import { JobError, type JobContext, type StopReason } from '../../../jobs/worker';
import type { Clock } from '../../../util/clock';
import { formatDateTime } from '../../../util/dates';
import { nextId } from '../../../util/ids';
import { liveRow } from '../shared/lookups';
import type { SecretBox } from '../../../util/secret-box';
import { ReleaseKeys } from './release-keys';
import { DeployLeases, type HeldLease } from './deploy-lease';
import { completeReleases, liveRelease, type PublishProgress, publishRelease, releaseDiff, releaseManifest, type ReleaseTarget, rollbackRelease } from './release-publisher';
import type { Manifest, ReleaseDiff } from './release-manifest';
import { ServerTargets } from './server-target';
import { SiteRenderer } from './site-render';
import type { RenderedSite } from './site-files';
import { siteHost } from './site-sources';
import { skippedArticles, skippedText } from './skipped-articles';
import { anyOn, enginesOn, prepareDiff, queueAnnouncement } from '../search/announce-queue';
import { indexNowKeyFile, withKeyFile } from '../search/key-file';
import { BUSY_KEY, DEPLOY_FAILED, DEPLOY_OK, DEPLOY_SITE_JOB, DEPLOYING, DeployJobs, type DeployOutcome, type DeployResult, type DeployScope, type SitePayload } from './deploy-jobs';

export { DEPLOY_FAILED, DEPLOY_OK, DEPLOYING } from './deploy-jobs';
export type { DeployOutcome, DeployResult } from './deploy-jobs';

type Rec = Record<string, unknown>;

export interface DeployProgress extends PublishProgress {
  websiteInfoId: string;
  startedAt: string;
}

export interface ReleaseInfo {
  name: string;
  live: boolean;
}

/** a recorded message: its zh text (the column the stock wire and old rows read) and its key and params (the reason column) */
const said = (m: Message): { message: string; reason: string | null } => ({ message: messageText(m, 'zh'), reason: reasonJson(m) });

/** why a deploy failed: a keyed reason as its message (a render refusal's own reason, without its 部署失败 prefix), else its text */
function failure(e: unknown): Message | NestedMessage | string {
  const r = reasonOf(e);
  if (typeof r === 'object') {
    const inner = r.key === 'deploy.renderFailed' ? r.params?.reason : undefined;
    return inner && typeof inner === 'object' && !Array.isArray(inner) ? inner : r;
  }
  return e instanceof ServiceError ? r.replace(/^部署失败: /, '') : r;
}

const fmtBytes = (n: number) => (n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

export class SiteDeployer {
  private readonly renderer: SiteRenderer;
  readonly servers: ServerTargets;
  /** the deploys this instance runs now (their progress fresher than the job table's, which rides on heartbeats) */
  private readonly running = new Map<string, DeployProgress>();
  readonly jobs: DeployJobs;
  /** the job queue: a deploy's announcement to the search engines is queued with its record */
  private readonly queue: Jobs['queue'];
  /** the page fingerprints of the release each site root got last, shared by every instance (release-keys.ts) */
  private readonly keys: ReleaseKeys;
  private readonly leases: DeployLeases;

  constructor(
    private readonly data: DataLayer,
    dataDir: string,
    private readonly clock: Clock,
    box: SecretBox,
    files: FileStores,
    jobs: Jobs,
  ) {
    this.renderer = new SiteRenderer(data, dataDir, files);
    this.servers = new ServerTargets(data, dataDir, box, clock);
    this.keys = new ReleaseKeys(data, clock);
    this.leases = new DeployLeases(data, clock);
    this.jobs = new DeployJobs(data, jobs);
    this.queue = jobs.queue;
    jobs.handle(DEPLOY_SITE_JOB, (job, ctx) => this.runJob(job, ctx), {
      // its last attempt's instance died mid-deploy: the live site is what the last recorded deploy left (a release is
      // switched whole or not at all), so the site says that again instead of 部署中, and the dead run's lease goes
      abandoned: async (job) => {
        const { websiteId } = job.payload as SitePayload;
        await this.data.run(sql`DELETE FROM content_deploy_lease WHERE website_info_id = ${websiteId} AND holder = ${`job:${job.id}`}`);
        await this.data.run(sql`UPDATE website_info SET status_name = (SELECT d.status_name FROM website_deploy d WHERE d.website_info_id = website_info.id ORDER BY d.create_time DESC, d.id DESC LIMIT 1)
            WHERE id = ${websiteId} AND deploy_job_id = ${job.id} AND status_name = ${DEPLOYING}`);
      },
    });
  }

  /** the website's deploy lease (one deploy of a site at a time across instances), else refused */
  private async lease(websiteId: string, holder?: string): Promise<HeldLease> {
    const held = await this.leases.claim(websiteId, holder);
    if (!held) throw new ServiceError(BUSY_KEY);
    return held;
  }

  /** Renders a website as a deploy would (the preview of a site whose release is in another instance's data folder). */
  render(site: Rec, tenantId: string): Promise<RenderedSite> {
    return this.renderer.render(site, tenantId);
  }

  /**
   * At start: a deploy whose job ended without recording (its attempts used up by instances that died) left 部署中;
   * its live site is what the last recorded deploy left. A site whose deploy job is queued or running (on any
   * instance, or waiting for its takeover) or whose lease is held is left alone: its job's run records it.
   */
  async recover(): Promise<void> {
    await this.data.run(sql`UPDATE website_info SET status_name = (SELECT d.status_name FROM website_deploy d WHERE d.website_info_id = website_info.id ORDER BY d.create_time DESC, d.id DESC LIMIT 1)
        WHERE status_name = ${DEPLOYING} AND ${this.leases.notLeased()}
          AND NOT EXISTS (SELECT 1 FROM job j WHERE j.id = website_info.deploy_job_id AND j.state IN ('queued', 'running'))`);
  }

  /** Deploys queued or in progress on any instance, of the tenant (for the website list and the deploy dialog). */
  async progress(tenantId: string, ids?: string[]): Promise<DeployProgress[]> {
    return (await this.jobs.running(tenantId, ids)).map((r) => {
      const here = this.running.get(r.websiteInfoId);
      if (here) return { ...here };
      const p = r.progress ?? {};
      const phase = (p.phase ?? 'connect') as DeployProgress['phase'];
      return { websiteInfoId: r.websiteInfoId, phase, done: Number(p.done ?? 0), total: Number(p.total ?? 0), startedAt: r.startedAt };
    });
  }

  /** Cuts a queued or running deploy short, on whichever instance runs it; the live site stays as it was. */
  cancel(websiteId: string): Promise<boolean> {
    return this.jobs.cancel(websiteId);
  }

  /** Deploys these websites of the tenant through their jobs (any working instance runs them); answers each outcome. */
  deployMany(websiteIds: readonly string[], tenantId: string, scope: DeployScope, signal?: AbortSignal): Promise<DeployOutcome[]> {
    return this.jobs.deployMany(websiteIds, tenantId, scope, signal);
  }

  /** Deploys one website through its job; a refusal (not found, being deployed) is thrown, a failed deploy answered. */
  async deploy(websiteId: string, tenantId: string, scope: DeployScope): Promise<DeployResult> {
    const [r] = await this.deployMany([websiteId], tenantId, scope);
    if (r.refused) throw new ServiceError(storedReason(r.reason) ?? r.refused);
    return r;
  }

  /** a `deploy-site` job: the site's deploy, stopped by the job's signal, its lease held in the job's name */
  private async runJob(job: Job, ctx: JobContext): Promise<void> {
    const p = job.payload as SitePayload;
    try {
      await this.run(p.websiteId, p.tenantId, p.scope, {
        signal: ctx.signal,
        jobId: job.id,
        onProgress: (pr) => ctx.progress({ phase: pr.phase, done: pr.done, total: pr.total }),
      });
    } catch (e) {
      // refused before deploying (the site is gone, another deploy holds it): a retry would not mend it
      if (e instanceof ServiceError) throw new JobError(e.keyed ?? e.message);
      throw e;
    }
  }

  /** The server a website deploys to: its association's, else its domain's. */
  async serverOf(site: Rec, tenantId: string): Promise<Rec> {
    const assoc = await this.data.get(sql<{ server_id: string }>`SELECT server_id FROM website_associa
      WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND status = 0 AND website_info_id = ${String(site.id)} AND server_id IS NOT NULL ORDER BY create_time DESC LIMIT 1`);
    const domain = site.domain_info_id ? await liveRow(this.data, 'domain_info', String(site.domain_info_id), tenantId) : undefined;
    const id = assoc?.server_id ?? domain?.server_id;
    const server = id
      ? await this.data.get(sql<Rec>`SELECT * FROM server_info
          WHERE id = ${String(id)} AND is_deleted = 0 AND (tenant_id = ${tenantId} OR ',' || COALESCE(bind_tenant_id, '') || ',' LIKE ${`%,${tenantId},%`})`)
      : undefined;
    if (!server) throw new ServiceError({ key: 'deploy.renderFailed', params: { reason: { key: 'deploy.noServer' } } });
    return server;
  }

  /**
   * Deploys one website of the tenant (a deploy-site job's run); never throws for a failure of the deploy itself
   * (it is recorded, with the job's id). Stopped by `signal`: cancelled, it records 部署失败 with the reason; the
   * run lost its job (another instance took it over) or its instance is stopping, it records nothing (the job's
   * next run does).
   */
  async run(
    websiteId: string,
    tenantId: string,
    scope: DeployScope,
    opts: { signal?: AbortSignal; jobId?: string; onProgress?: (p: PublishProgress) => void } = {},
  ): Promise<DeployResult | undefined> {
    const site = await liveRow(this.data, 'website_info', websiteId, tenantId);
    if (!site) throw new ServiceError('article.websiteMissing');
    const started = this.clock();
    const progress: DeployProgress = { websiteInfoId: websiteId, phase: 'connect', done: 0, total: 0, startedAt: formatDateTime(started) };
    const lease = await this.lease(websiteId, opts.jobId ? `job:${opts.jobId}` : undefined);
    this.running.set(websiteId, progress);
    const controller = new AbortController();
    if (opts.signal?.aborted) controller.abort();
    opts.signal?.addEventListener('abort', () => controller.abort(), { once: true });
    let domain = '';
    let server: Rec | undefined;
    let result: Omit<DeployResult, 'id' | 'websiteInfoId' | 'domain' | 'durationMs'>;
    let url = '';
    let live: string | undefined;
    let diff: ReleaseDiff | undefined;
    try {
      await this.data.run(sql`UPDATE website_info SET status_name = ${DEPLOYING} WHERE id = ${websiteId}`);
      server = await this.serverOf(site, tenantId);
      const dom = site.domain_info_id ? await liveRow(this.data, 'domain_info', String(site.domain_info_id), tenantId) : undefined;
      if (!dom) throw new ServiceError({ key: 'deploy.renderFailed', params: { reason: { key: 'deploy.noDomain' } } });
      domain = siteHost(site, String(dom.domain));
      // the site renders while the connection opens and the server copies the live release (release-publisher.ts);
      // the connection is asked for first, as rendering starts with a long synchronous read of the site's rows
      const opening = this.servers.open(server);
      opening.catch(() => undefined);
      let rendered: RenderedSite | undefined;
      const rendering = this.renderer.render(site, tenantId).then((r) => (rendered = r));
      rendering.catch(() => undefined);
      // the IndexNow key file is part of every release of a site whose IndexNow is on (search/key-file.ts)
      const keyFile = indexNowKeyFile(this.data, websiteId);
      keyFile.catch(() => undefined);
      let opened;
      try {
        opened = await opening;
      } catch (e) {
        await rendering; // a rendering failure is the one to report
        throw e;
      }
      try {
        const root = opened.rootFor(domain, websiteId);
        const key = ReleaseKeys.rootKey(String(server.id), opened.target.label, root);
        const render = async () => withKeyFile((await rendering).files, await keyFile);
        let r;
        try {
          live = await liveRelease(opened.target, root);
          r = await publishRelease(opened.target, root, render, {
            now: this.clock(),
            signal: controller.signal,
            live: { release: live },
            knownManifest: (name) => this.keys.known(key, name),
            onProgress: (p) => {
              Object.assign(progress, p);
              opts.onProgress?.(p);
            },
          });
        } catch (e) {
          if (e instanceof ServiceError) throw e;
          throw new ReasonError(opened.explain(e));
        }
        // only a cache: a deploy that could not keep it still went live (the next one renders every page)
        await this.keys.keep(key, r.manifest).catch(() => undefined);
        diff = r.diff;
        url = opened.previewOf(domain, websiteId) ?? `${rendered!.origin}/`;
        await this.servers.mark(server.id, true, { key: 'server.deployedAt', params: { time: formatDateTime(this.clock()) } });
        // the published articles it made no page of (a jump page's, a deleted column's) are named with the reason
        const skipped = skippedText(await skippedArticles(this.data, site, tenantId));
        const published: Message = {
          key: 'deploy.published',
          params: { release: r.release, target: `${opened.target.label}${root.startsWith('/') ? '' : '/'}${root}`, pages: rendered!.pages, sent: r.filesSent, bytes: fmtBytes(r.bytesSent), kept: r.filesKept, skipped },
        };
        result = {
          url,
          statusName: DEPLOY_OK,
          ...said(published),
          release: r.release,
          previousRelease: r.previous,
          filesTotal: rendered!.files.length,
          filesSent: r.filesSent,
          bytesSent: r.bytesSent,
        };
      } finally {
        await opened.target.close().catch(() => undefined);
      }
    } catch (e) {
      const reason = failure(e);
      const reasonZh = typeof reason === 'string' ? reason : messageText(reason, 'zh');
      if (server && !(e instanceof ServiceError) && /服务器|连接/.test(reasonZh)) await this.servers.mark(server.id, false, reason);
      result = {
        url: '',
        statusName: DEPLOY_FAILED,
        ...said(live ? { key: 'deploy.failedLive', params: { reason, live } } : { key: 'deploy.failed', params: { reason } }),
        previousRelease: live,
        filesTotal: 0,
        filesSent: 0,
        bytesSent: 0,
      };
    } finally {
      this.running.delete(websiteId);
    }
    const why = opts.signal?.aborted ? (opts.signal.reason as StopReason) : null;
    if (why === 'lost' || why === 'shutdown') {
      // the job runs again (taken over, or given back): that run deploys, holds the lease (in the job's name) and records
      lease.drop();
      return undefined;
    }
    try {
      return await this.record('deploy', site, tenantId, scope, server, domain, started, result, opts.jobId, diff);
    } finally {
      await lease.release();
    }
  }

  private async record(
    kind: 'deploy' | 'rollback',
    site: Rec,
    tenantId: string,
    scope: { userId: string; deptId: string },
    server: Rec | undefined,
    domain: string,
    started: number,
    r: Omit<DeployResult, 'id' | 'websiteInfoId' | 'domain' | 'durationMs'>,
    jobId?: string,
    diff?: ReleaseDiff,
  ): Promise<DeployResult> {
    const now = formatDateTime(this.clock());
    const id = nextId();
    const durationMs = Math.max(0, this.clock() - started);
    const siteId = String(site.id);
    const serverId = server ? String(server.id) : null;
    // what the search engines are told of (pages and sitemaps the release changed), packed before the transaction, for a
    // website with an engine switched on (queueAnnouncement reads that again inside it)
    const announcing = r.statusName === DEPLOY_OK && diff !== undefined && anyOn(await enginesOn(this.data, siteId).catch(() => ({ indexnow: false, baidu: false, google: false })));
    const announced = announcing ? prepareDiff(diff) : undefined;
    await this.data.transaction(async (trx) => {
      await trx.run(sql`INSERT INTO website_deploy (id, tenant_id, website_info_id, domain, status_name, message, message_reason, output_dir, server_id, kind, release_name, previous_release,
           files_total, files_sent, bytes_sent, duration_ms, site_url, job_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
         VALUES (${id}, ${tenantId}, ${siteId}, ${domain}, ${r.statusName}, ${r.message}, ${r.reason ?? null}, NULL, ${serverId}, ${kind}, ${r.release ?? null}, ${r.previousRelease ?? null},
           ${r.filesTotal}, ${r.filesSent}, ${r.bytesSent}, ${durationMs}, ${r.url || null}, ${jobId ?? null}, ${scope.userId}, ${scope.deptId}, ${now}, ${scope.userId}, ${now},
           ${r.statusName === DEPLOY_OK ? 1 : 0}, 0)`);
      // a failed deploy of a live site keeps the site live: the status says the last deploy failed, the message why.
      // Not update_time: a deploy is not an edit of the website, and the home page's sitemap lastmod reads it (a redeploy
      // with nothing changed would otherwise change sitemap.xml and announce it again, every time)
      await trx.run(sql`UPDATE website_info SET status_name = ${r.statusName}, deploy_message = ${r.message}, deploy_reason = ${r.reason ?? null}, deploy_time = ${now} WHERE id = ${siteId}`);
      if (!announced) return;
      // the search engines' announcement (search/announce-queue.ts), queued with the record: once across instances, and
      // in a savepoint of its own, so a failure to queue it is said and the deploy still succeeds
      await trx
        .transaction((sp) => queueAnnouncement(sp, this.queue, this.clock, { tenantId, websiteId: siteId, kind, deployId: id, release: r.release, diff: announced }))
        .catch((e: unknown) => console.error(`search announce: website ${siteId}, ${kind} ${id}: not queued: ${(e as Error).message}`));
    });
    return { id, websiteInfoId: String(site.id), domain, durationMs, ...r };
  }

  private async withTarget<T>(websiteId: string, tenantId: string, fn: (t: { target: ReleaseTarget; root: string; site: Rec; server: Rec; host: string }) => Promise<T>): Promise<T> {
    const site = await liveRow(this.data, 'website_info', websiteId, tenantId);
    if (!site) throw new ServiceError('article.websiteMissing');
    const server = await this.serverOf(site, tenantId);
    const dom = await liveRow(this.data, 'domain_info', String(site.domain_info_id), tenantId);
    if (!dom) throw new ServiceError('deploy.noDomain');
    const host = siteHost(site, String(dom.domain));
    let opened;
    try {
      opened = await this.servers.open(server);
    } catch (e) {
      throw new ServiceError((e as Error).message);
    }
    try {
      return await fn({ target: opened.target, root: opened.rootFor(host, websiteId), site, server, host });
    } finally {
      await opened.target.close().catch(() => undefined);
    }
  }

  /** The complete releases kept on the website's server, newest first. */
  async releases(websiteId: string, tenantId: string): Promise<ReleaseInfo[]> {
    return this.withTarget(websiteId, tenantId, async ({ target, root }) => {
      const live = await liveRelease(target, root);
      return (await completeReleases(target, root)).reverse().map((name) => ({ name, live: name === live }));
    });
  }

  /** Switches the website's live folder back to a kept release (default: the one before the live one). */
  async rollback(websiteId: string, tenantId: string, scope: { userId: string; deptId: string }, release?: string): Promise<DeployResult> {
    if (await this.data.get(sql`SELECT 1 AS busy FROM website_info w JOIN job j ON j.id = w.deploy_job_id WHERE w.id = ${websiteId} AND j.state IN ('queued', 'running')`)) {
      throw new ServiceError(BUSY_KEY);
    }
    const started = this.clock();
    const lease = await this.lease(websiteId);
    try {
      return await this.rollbackHeld(websiteId, tenantId, scope, started, release);
    } finally {
      await lease.release();
    }
  }

  private async rollbackHeld(websiteId: string, tenantId: string, scope: { userId: string; deptId: string }, started: number, release?: string): Promise<DeployResult> {
    return this.withTarget(websiteId, tenantId, async ({ target, root, site, server, host }) => {
      let r;
      try {
        r = await rollbackRelease(target, root, release);
      } catch (e) {
        throw new ServiceError({ key: 'deploy.rollbackFailed', params: { reason: reasonOf(e) } });
      }
      const last = await this.data.get(sql<{ site_url: string }>`SELECT site_url FROM website_deploy
        WHERE website_info_id = ${String(site.id)} AND site_url IS NOT NULL ORDER BY create_time DESC, id DESC LIMIT 1`);
      // what the switch changed (the two releases' manifests), for the search engines; none read, none announced
      const diff = await releaseDiff(target, root, r.previous, r.release).catch(() => undefined);
      return this.record('rollback', site, tenantId, scope, server, host, started, {
        statusName: DEPLOY_OK,
        ...said(r.previous ? { key: 'deploy.rolledBackFrom', params: { release: r.release, previous: r.previous } } : { key: 'deploy.rolledBack', params: { release: r.release } }),
        release: r.release,
        previousRelease: r.previous,
        filesTotal: 0,
        filesSent: 0,
        bytesSent: 0,
        url: last?.site_url ?? '',
      }, undefined, diff);
    });
  }

  /** The live release of a website and its manifest (read from its server), or undefined when it was never deployed. */
  async liveManifest(websiteId: string, tenantId: string): Promise<{ release: string; manifest: Manifest } | undefined> {
    return this.withTarget(websiteId, tenantId, async ({ target, root }) => {
      const release = await liveRelease(target, root);
      const manifest = release ? await releaseManifest(target, root, release) : undefined;
      return release && manifest ? { release, manifest } : undefined;
    });
  }
}
