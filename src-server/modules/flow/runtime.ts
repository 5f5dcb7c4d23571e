// Runs deployed BPMN with bpmn-engine. Each process instance's engine state
// (engine.getState()) is stored in flow_instance.state after every step, and
// the next step recovers and resumes it, so running instances survive a
// restart. The engine's events feed the history (flow_activity) and create the
// user tasks (flow_task); a task is completed by signalling its activity.
// The engine emits its events synchronously while it runs; their writes are
// queued in order (each with the time of its event) and run, with the new
// state, in one transaction once the engine has stopped.
import { EventEmitter } from 'node:events';
import { Engine } from 'bpmn-engine';
import { sql, type DataLayer, type Queries } from '../../db/data-layer';
import type { Clock } from '../../util/clock';
import { formatDateTime } from '../../util/dates';
import { nextId } from '../../util/ids';
import { ServiceError } from '../../http/reply';
import { FLOWABLE_MODDLE } from '../../../src-shared/flowable-moddle';
import { FLOWABLE_EXPRESSIONS } from './expressions';

export type Variables = Record<string, unknown>;

/** The runtime's refusals (envelope code 400), keys of the message table. */
export const FLOW_MSG = {
  /** the task is not open: completed (by another caller too), or its instance ended */
  taskDone: 'flow.taskDone',
  instanceGone: 'flow.instanceGone',
  /** every try of a step found the instance advanced by another step first */
  busy: 'flow.busy',
} as const;

/** how many times a step is run again after another step of the same instance saved first */
const STEP_ATTEMPTS = 10;

interface ElementEvent {
  id: string;
  type: string;
  name?: string;
  owner?: { behaviour?: Record<string, unknown> };
}

interface EngineState {
  state?: string;
  definitions?: { environment?: { variables?: Variables }; execution?: { processes?: { environment?: { variables?: Variables } }[] } }[];
}

/** `bpmn:UserTask` -> `userTask` (Flowable's activity type names). */
export function activityType(type: string): string {
  const bare = type.replace(/^bpmn:/, '');
  return bare.charAt(0).toLowerCase() + bare.slice(1);
}

/** `${name}` -> the variable's value; anything else as written. */
function resolve(expression: unknown, variables: Variables): string | null {
  if (typeof expression !== 'string' || expression.trim() === '') return null;
  const m = /^\$\{\s*([\w.]+)\s*\}$/.exec(expression.trim());
  if (!m) return expression.trim();
  const v = m[1]!.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Variables)[k] : undefined), variables);
  return v === undefined || v === null || v === '' ? null : String(v);
}

function mergeVariables(state: EngineState, variables: Variables): void {
  for (const d of state.definitions ?? []) {
    if (d.environment?.variables) Object.assign(d.environment.variables, variables);
    for (const p of d.execution?.processes ?? []) if (p.environment?.variables) Object.assign(p.environment.variables, variables);
  }
}

/** a history or task write of one engine event, run in the step's transaction */
type Write = (q: Queries) => Promise<void>;

export interface StartInput {
  tenantId: string;
  definitionId: string;
  xml: string;
  userId: string;
  businessKey: string;
  variables: Variables;
}

export class FlowRuntime {
  /** one step at a time: an instance's state is read, advanced and written without interleaving */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly data: DataLayer,
    private readonly clock: Clock,
  ) {}

  private serial<T>(step: () => Promise<T>): Promise<T> {
    const next = this.queue.then(step, step);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private now(): string {
    return formatDateTime(this.clock());
  }

  /**
   * Queues the history records and user tasks of the engine's events into `writes`, in event order; each
   * write runs its queries when the step is saved (`flush`), seeing the writes queued before it.
   */
  private listener(instance: { id: string; tenantId: string; definitionId: string }, variables: () => Variables, writes: Write[]): EventEmitter {
    const listener = new EventEmitter();
    const seq = async (q: Queries) =>
      ((await q.get(sql<{ n: number | null }>`SELECT max(seq) AS n FROM flow_activity WHERE instance_id = ${instance.id}`))?.n ?? 0) + 1;
    const open = (q: Queries, activityId: string) =>
      q.get(sql<{ id: string }>`SELECT id FROM flow_activity WHERE instance_id = ${instance.id} AND activity_id = ${activityId} AND end_time IS NULL ORDER BY seq DESC LIMIT 1`);
    const insert = async (q: Queries, a: ElementEvent, type: string, id: string, start: string, end: string | null) =>
      q.run(sql`INSERT INTO flow_activity (id, instance_id, activity_id, activity_name, activity_type, task_id, seq, start_time, end_time)
        VALUES (${id}, ${instance.id}, ${a.id}, ${a.name ?? null}, ${type}, NULL, ${await seq(q)}, ${start}, ${end})`);
    listener.on('activity.start', (a: ElementEvent) => {
      const id = nextId();
      const now = this.now();
      writes.push(async (q) => {
        if (await open(q, a.id)) return;
        await insert(q, a, activityType(a.type), id, now, null);
      });
    });
    listener.on('activity.end', (a: ElementEvent) => {
      const now = this.now();
      writes.push(async (q) => {
        const row = await open(q, a.id);
        if (row) await q.run(sql`UPDATE flow_activity SET end_time = ${now} WHERE id = ${row.id}`);
      });
    });
    listener.on('flow.take', (f: ElementEvent) => {
      const id = nextId();
      const now = this.now();
      writes.push(async (q) => {
        await insert(q, f, 'sequenceFlow', id, now, now);
      });
    });
    listener.on('activity.wait', (a: ElementEvent) => {
      if (a.type !== 'bpmn:UserTask') return;
      const b = a.owner?.behaviour ?? {};
      const vars = variables();
      const task = {
        id: nextId(), name: a.name ?? a.id, assignee: resolve(b.assignee, vars), groups: resolve(b.candidateGroups, vars), users: resolve(b.candidateUsers, vars), now: this.now(),
      };
      writes.push(async (q) => {
        // resuming an instance announces its waiting tasks again
        if (await q.get(sql`SELECT 1 AS found FROM flow_task WHERE instance_id = ${instance.id} AND task_def_key = ${a.id} AND end_time IS NULL`)) return;
        await q.run(
          sql`INSERT INTO flow_task (id, tenant_id, instance_id, definition_id, task_def_key, name, assignee, candidate_groups, candidate_users, create_time)
           VALUES (${task.id}, ${instance.tenantId}, ${instance.id}, ${instance.definitionId}, ${a.id}, ${task.name}, ${task.assignee}, ${task.groups}, ${task.users}, ${task.now})`,
        );
        const act = await open(q, a.id);
        if (act) await q.run(sql`UPDATE flow_activity SET task_id = ${task.id} WHERE id = ${act.id}`);
      });
    });
    return listener;
  }

  /**
   * The queued writes of a step, then the instance's new state, in one transaction. A step that resumed the
   * instance from `from` (its state as read) saves only if the instance still holds that state: its row is
   * locked first (`dialect.forUpdate`), so another instance's step of the same process instance either
   * committed before (the state differs: false, nothing written, the step is run again on the new state) or
   * waits for this one.
   */
  private async flush(writes: Write[], instanceId: string, state: EngineState, running: boolean, variables: Variables, from?: string): Promise<boolean> {
    const now = this.now();
    return this.data.transaction(async (trx) => {
      if (from !== undefined) {
        const current = await trx.get(sql<{ state: string | null }>`SELECT state FROM flow_instance WHERE id = ${instanceId} AND status = 'running'${trx.dialect.forUpdate()}`);
        if (current?.state !== from) return false;
      }
      for (const write of writes) await write(trx);
      if (running) {
        await trx.run(sql`UPDATE flow_instance SET state = ${JSON.stringify(state)}, variables = ${JSON.stringify(variables)} WHERE id = ${instanceId}`);
      } else {
        await trx.run(sql`UPDATE flow_instance SET state = NULL, variables = ${JSON.stringify(variables)}, status = 'finished', end_time = ${now} WHERE id = ${instanceId}`);
      }
      return true;
    });
  }

  /** Starts an instance of a deployed definition; returns its id once it waits (or ended). */
  start(input: StartInput): Promise<string> {
    return this.serial(async () => {
      const id = nextId();
      const variables = { ...input.variables };
      await this.data.run(
        sql`INSERT INTO flow_instance (id, tenant_id, definition_id, business_key, start_user_id, start_time, status, variables)
           VALUES (${id}, ${input.tenantId}, ${input.definitionId}, ${input.businessKey}, ${input.userId}, ${this.now()}, 'running', ${JSON.stringify(variables)})`,
      );
      const engine = new Engine({ name: id, source: input.xml, moddleOptions: { flowable: FLOWABLE_MODDLE }, expressions: FLOWABLE_EXPRESSIONS });
      const writes: Write[] = [];
      const listener = this.listener({ id, tenantId: input.tenantId, definitionId: input.definitionId }, () => variables, writes);
      try {
        const execution = await engine.execute({ listener, variables });
        const state = (await engine.getState()) as EngineState;
        await this.flush(writes, id, state, execution.isRunning, variables);
      } catch (err) {
        await this.data.transaction(async (trx) => {
          await trx.run(sql`DELETE FROM flow_activity WHERE instance_id = ${id}`);
          await trx.run(sql`DELETE FROM flow_task WHERE instance_id = ${id}`);
          await trx.run(sql`DELETE FROM flow_instance WHERE id = ${id}`);
        });
        throw new ServiceError({ key: 'flow.startFailed', params: { detail: (err as Error).message } });
      }
      return id;
    });
  }

  /**
   * Completes an open task: its variables join the instance's, then the task's activity is signalled. Steps of
   * one instance run one at a time here (`serial`); across instances the save checks that nobody advanced the
   * instance meanwhile (`flush`), and a step that lost runs again on the new state, where a task completed by
   * the other is refused (FLOW_MSG.taskDone).
   */
  complete(taskId: string, variables: Variables, comment: string, pass: boolean): Promise<void> {
    return this.serial(async () => {
      for (let attempt = 1; ; attempt++) {
        if (await this.completeOnce(taskId, variables, comment, pass)) return;
        if (attempt >= STEP_ATTEMPTS) throw new ServiceError(FLOW_MSG.busy);
      }
    });
  }

  /** One try of `complete`: false when another step saved the instance first. */
  private async completeOnce(taskId: string, variables: Variables, comment: string, pass: boolean): Promise<boolean> {
    const task = await this.data.get(
      sql<{ id: string; instance_id: string; tenant_id: string; definition_id: string; task_def_key: string }>`SELECT * FROM flow_task WHERE id = ${taskId} AND end_time IS NULL`,
    );
    if (!task) throw new ServiceError(FLOW_MSG.taskDone);
    const instance = await this.data.get(sql<{ id: string; state: string | null; variables: string }>`SELECT * FROM flow_instance WHERE id = ${task.instance_id} AND status = 'running'`);
    if (!instance?.state) throw new ServiceError(FLOW_MSG.instanceGone);
    const merged: Variables = { ...(JSON.parse(instance.variables) as Variables), ...variables, pass, comment };
    const state = JSON.parse(instance.state) as EngineState;
    mergeVariables(state, merged);
    const engine = new Engine({ name: instance.id, moddleOptions: { flowable: FLOWABLE_MODDLE }, expressions: FLOWABLE_EXPRESSIONS }).recover(state);
    const writes: Write[] = [];
    const listener = this.listener({ id: instance.id, tenantId: task.tenant_id, definitionId: task.definition_id }, () => merged, writes);
    const execution = await engine.resume({ listener });
    const waiting = execution.getPostponed().some((p) => p.id === task.task_def_key);
    if (!waiting) throw new ServiceError(FLOW_MSG.taskDone);
    const ended = this.now();
    writes.push(async (q) => {
      // the instance's row is locked and unchanged since it was read, so the task is still open: a guard all the same
      const closed = await q.run(sql`UPDATE flow_task SET end_time = ${ended}, comment = ${comment}, pass = ${pass ? 1 : 0} WHERE id = ${task.id} AND end_time IS NULL`);
      if (closed === 0) throw new ServiceError(FLOW_MSG.taskDone);
    });
    execution.signal({ id: task.task_def_key });
    const after = (await engine.getState()) as EngineState;
    return this.flush(writes, instance.id, after, execution.isRunning, merged, instance.state);
  }

  /**
   * Ends a running instance without completing it (follow: delete-process-instance); false when it was not
   * running (any more: another instance's step may have finished it, or another removal ended it).
   */
  remove(instanceId: string, reason: string): Promise<boolean> {
    return this.serial(async () => {
      const now = this.now();
      return this.data.transaction(async (trx) => {
        const ended = await trx.run(sql`UPDATE flow_instance SET status = 'deleted', delete_reason = ${reason}, end_time = ${now}, state = NULL WHERE id = ${instanceId} AND status = 'running'`);
        if (ended === 0) return false;
        await trx.run(sql`UPDATE flow_task SET end_time = ${now}, comment = ${reason} WHERE instance_id = ${instanceId} AND end_time IS NULL`);
        await trx.run(sql`UPDATE flow_activity SET end_time = ${now} WHERE instance_id = ${instanceId} AND end_time IS NULL`);
        return true;
      });
    });
  }
}
