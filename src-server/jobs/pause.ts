// Background work paused after a restore or an import (issue 37 item 4). A restored backup, or a Local
// workspace moved in with `import-local`, holds the source's queued and running jobs and its started deploy
// schedules: started as it is, the copy would call the same paid AI endpoint and deploy the same sites as the
// source, a second time. So `restore` and `import-local` write the setting `jobs.paused` (blade_setting, either
// engine) into the copy, and until it is cleared
// - the job worker claims nothing (generation runs, imports, deploys, scheduled triggers: jobs/worker.ts),
// - the schedulers queue nothing (deploy schedules, search syncs: Jobs.paused()).
// It is cleared by the platform administrator (the console's banner, 恢复后台任务: POST
// /website-blade-system/background-work/resume) or from the machine (`npm run server -- jobs resume`).
// A running instance reads the setting while it is paused (each worker poll, each scheduler tick); once it saw
// it cleared it never reads it again: nothing pauses a database that instances already serve.
import { listTables } from '../db/catalog';
import { sql, type Queries } from '../db/data-layer';

export const PAUSED_KEY = 'jobs.paused';

/** what paused the copy's background work */
export type PausedBy = 'restore' | 'import-local';

export interface PauseState {
  by: PausedBy;
  /** when (ISO 8601) */
  since: string;
}

/**
 * Pauses the background work of the database `q` (a restored or imported copy, no instance on it yet). The AI
 * request slots the source's instances held (ai_model_slot, generation/ai-limiter.ts) are given back: no request of
 * theirs runs against the copy, and held they would keep the copy's generation waiting out their lease (2 minutes).
 */
export async function pauseBackgroundWork(q: Queries, by: PausedBy, at = new Date()): Promise<void> {
  const value = JSON.stringify({ by, since: at.toISOString() } satisfies PauseState);
  await q.run(sql`INSERT INTO blade_setting (key, value) VALUES (${PAUSED_KEY}, ${value}) ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
  // a backup older than the table (migration 375) has none: it is made empty by the migration at start
  if ((await listTables(q)).includes('ai_model_slot')) {
    await q.run(sql`UPDATE ai_model_slot SET released_ms = ${at.getTime()} WHERE released_ms IS NULL`);
  }
}

/** The pause of the database's background work; null when it runs. */
export async function readPause(q: Queries): Promise<PauseState | null> {
  const row = await q.get(sql<{ value: string }>`SELECT value FROM blade_setting WHERE key = ${PAUSED_KEY}`);
  if (!row) return null;
  try {
    const v = JSON.parse(row.value) as Partial<PauseState>;
    return { by: v.by === 'import-local' ? 'import-local' : 'restore', since: String(v.since ?? '') };
  } catch {
    // an unreadable value still pauses: only resuming clears it
    return { by: 'restore', since: '' };
  }
}

/** Resumes the background work; answers the pause it ended (null: it was not paused). */
export async function resumeBackgroundWork(q: Queries): Promise<PauseState | null> {
  const was = await readPause(q);
  await q.run(sql`DELETE FROM blade_setting WHERE key = ${PAUSED_KEY}`);
  return was;
}

/**
 * One instance's view of the pause: read while paused (or not known yet), remembered as running once seen so.
 * `paused()` throws when the database is away (the caller's loop says so and tries again).
 */
export class PauseWatch {
  private running = false;
  private told = false;

  constructor(
    private readonly data: Queries,
    private readonly log: (message: string) => void = (m) => console.error(m),
  ) {}

  async paused(): Promise<boolean> {
    if (this.running) return false;
    const pause = await readPause(this.data);
    if (!pause) {
      if (this.told) this.log('background work resumed: jobs and schedules run');
      this.running = true;
      return false;
    }
    if (!this.told) {
      this.log(`background work paused since ${pause.since || 'a restore'} (${pause.by}): no job or schedule runs until the platform administrator resumes it (恢复后台任务, or npm run server -- jobs resume)`);
      this.told = true;
    }
    return true;
  }
}
