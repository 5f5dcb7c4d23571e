// Runs deployed BPMN with bpmn-engine. Each process instance's engine state
// (engine.getState()) is stored in flow_instance.state after every step, and
// the next step recovers and resumes it, so running instances survive a
// restart. The engine's events feed the history (flow_activity) and create the
// user tasks (flow_task); a task is completed by signalling its activity.
import { EventEmitter } from 'node:events';
import { Engine } from 'bpmn-engine';
import type { Db } from '../../db/database';
import type { Clock } from '../../util/clock';
import { formatDateTime } from '../../util/dates';
import { nextId } from '../../util/ids';
import { ServiceError } from '../../http/reply';
import { FLOWABLE_MODDLE } from '../../../src-shared/flowable-moddle';
import { FLOWABLE_EXPRESSIONS } from './expressions';

export type Variables = Record<string, unknown>;

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
    private readonly db: Db,
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

  /** Records the history and creates user tasks from the engine's events. */
  private listener(instance: { id: string; tenantId: string; definitionId: string }, variables: () => Variables): EventEmitter {
    const { db } = this;
    const listener = new EventEmitter();
    const seq = () => ((db.prepare('SELECT max(seq) AS n FROM flow_activity WHERE instance_id = ?').get(instance.id) as { n: number | null }).n ?? 0) + 1;
    const open = db.prepare('SELECT id FROM flow_activity WHERE instance_id = ? AND activity_id = ? AND end_time IS NULL ORDER BY seq DESC LIMIT 1');
    const insert = db.prepare(
      'INSERT INTO flow_activity (id, instance_id, activity_id, activity_name, activity_type, task_id, seq, start_time, end_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    listener.on('activity.start', (a: ElementEvent) => {
      if (open.get(instance.id, a.id)) return;
      insert.run(nextId(), instance.id, a.id, a.name ?? null, activityType(a.type), null, seq(), this.now(), null);
    });
    listener.on('activity.end', (a: ElementEvent) => {
      const row = open.get(instance.id, a.id) as { id: string } | undefined;
      if (row) db.prepare('UPDATE flow_activity SET end_time = ? WHERE id = ?').run(this.now(), row.id);
    });
    listener.on('flow.take', (f: ElementEvent) => {
      const now = this.now();
      insert.run(nextId(), instance.id, f.id, f.name ?? null, 'sequenceFlow', null, seq(), now, now);
    });
    listener.on('activity.wait', (a: ElementEvent) => {
      if (a.type !== 'bpmn:UserTask') return;
      // resuming an instance announces its waiting tasks again
      if (db.prepare('SELECT 1 FROM flow_task WHERE instance_id = ? AND task_def_key = ? AND end_time IS NULL').get(instance.id, a.id)) return;
      const b = a.owner?.behaviour ?? {};
      const vars = variables();
      const taskId = nextId();
      db.prepare(
        `INSERT INTO flow_task (id, tenant_id, instance_id, definition_id, task_def_key, name, assignee, candidate_groups, candidate_users, create_time)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(taskId, instance.tenantId, instance.id, instance.definitionId, a.id, a.name ?? a.id, resolve(b.assignee, vars), resolve(b.candidateGroups, vars), resolve(b.candidateUsers, vars), this.now());
      const act = open.get(instance.id, a.id) as { id: string } | undefined;
      if (act) db.prepare('UPDATE flow_activity SET task_id = ? WHERE id = ?').run(taskId, act.id);
    });
    return listener;
  }

  private save(instanceId: string, state: EngineState, running: boolean, variables: Variables): void {
    if (running) {
      this.db.prepare('UPDATE flow_instance SET state = ?, variables = ? WHERE id = ?').run(JSON.stringify(state), JSON.stringify(variables), instanceId);
    } else {
      this.db
        .prepare("UPDATE flow_instance SET state = NULL, variables = ?, status = 'finished', end_time = ? WHERE id = ?")
        .run(JSON.stringify(variables), this.now(), instanceId);
    }
  }

  /** Starts an instance of a deployed definition; returns its id once it waits (or ended). */
  start(input: StartInput): Promise<string> {
    return this.serial(async () => {
      const id = nextId();
      const variables = { ...input.variables };
      this.db
        .prepare(
          `INSERT INTO flow_instance (id, tenant_id, definition_id, business_key, start_user_id, start_time, status, variables)
           VALUES (?, ?, ?, ?, ?, ?, 'running', ?)`,
        )
        .run(id, input.tenantId, input.definitionId, input.businessKey, input.userId, this.now(), JSON.stringify(variables));
      const engine = new Engine({ name: id, source: input.xml, moddleOptions: { flowable: FLOWABLE_MODDLE }, expressions: FLOWABLE_EXPRESSIONS });
      const listener = this.listener({ id, tenantId: input.tenantId, definitionId: input.definitionId }, () => variables);
      try {
        const execution = await engine.execute({ listener, variables });
        const state = (await engine.getState()) as EngineState;
        this.save(id, state, execution.isRunning, variables);
      } catch (err) {
        this.db.prepare('DELETE FROM flow_activity WHERE instance_id = ?').run(id);
        this.db.prepare('DELETE FROM flow_task WHERE instance_id = ?').run(id);
        this.db.prepare('DELETE FROM flow_instance WHERE id = ?').run(id);
        throw new ServiceError(`流程启动失败: ${(err as Error).message}`);
      }
      return id;
    });
  }

  /** Completes an open task: its variables join the instance's, then the task's activity is signalled. */
  complete(taskId: string, variables: Variables, comment: string, pass: boolean): Promise<void> {
    return this.serial(async () => {
      const task = this.db.prepare('SELECT * FROM flow_task WHERE id = ? AND end_time IS NULL').get(taskId) as
        | { id: string; instance_id: string; tenant_id: string; definition_id: string; task_def_key: string }
        | undefined;
      if (!task) throw new ServiceError('任务不存在或已办结');
      const instance = this.db.prepare("SELECT * FROM flow_instance WHERE id = ? AND status = 'running'").get(task.instance_id) as
        | { id: string; state: string | null; variables: string }
        | undefined;
      if (!instance?.state) throw new ServiceError('流程实例不存在或已结束');
      const merged: Variables = { ...(JSON.parse(instance.variables) as Variables), ...variables, pass, comment };
      const state = JSON.parse(instance.state) as EngineState;
      mergeVariables(state, merged);
      const engine = new Engine({ name: instance.id, moddleOptions: { flowable: FLOWABLE_MODDLE }, expressions: FLOWABLE_EXPRESSIONS }).recover(state);
      const listener = this.listener({ id: instance.id, tenantId: task.tenant_id, definitionId: task.definition_id }, () => merged);
      const execution = await engine.resume({ listener });
      const waiting = execution.getPostponed().some((p) => p.id === task.task_def_key);
      if (!waiting) throw new ServiceError('任务不存在或已办结');
      this.db.prepare('UPDATE flow_task SET end_time = ?, comment = ?, pass = ? WHERE id = ?').run(this.now(), comment, pass ? 1 : 0, task.id);
      execution.signal({ id: task.task_def_key });
      const after = (await engine.getState()) as EngineState;
      this.save(instance.id, after, execution.isRunning, merged);
    });
  }

  /** Ends a running instance without completing it (follow: delete-process-instance). */
  remove(instanceId: string, reason: string): Promise<void> {
    return this.serial(async () => {
      const now = this.now();
      this.db.transaction(() => {
        this.db.prepare("UPDATE flow_instance SET status = 'deleted', delete_reason = ?, end_time = ?, state = NULL WHERE id = ?").run(reason, now, instanceId);
        this.db.prepare('UPDATE flow_task SET end_time = ?, comment = ? WHERE instance_id = ? AND end_time IS NULL').run(now, reason, instanceId);
        this.db.prepare('UPDATE flow_activity SET end_time = ? WHERE instance_id = ? AND end_time IS NULL').run(now, instanceId);
      })();
    });
  }
}
