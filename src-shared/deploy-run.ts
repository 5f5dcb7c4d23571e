// A deploy task's run as the server keeps it (deploy_tasks.last_run_*) and
// answers executeOnce, and as the task list's 执行结果 dialog shows it.

/** One site of a run: its deploy's status (部署成功 / 部署失败) and message (the reason when it failed). */
export interface RunSite {
  websiteInfoId: string;
  websiteName: string;
  domain: string;
  statusName: string;
  message: string;
  /** the message's key and params as JSON (src-shared/messages/stored.ts), as the server keeps it; never answered */
  reason?: string | null;
  /** whether the site deployed (answered; statusName is in the caller's language) */
  deployed?: boolean;
}

/** success: every site deployed; partial: some failed; failed: none deployed (or the groups hold no website) */
export type RunState = 'success' | 'partial' | 'failed';

export interface RunOutcome {
  published: number;
  deployed: number;
  failed: number;
  state: RunState;
  sites: RunSite[];
  /** why a run with no site did nothing */
  message?: string;
  /** that message's key and params as JSON, as the server keeps it; never answered */
  messageReason?: string;
}
