// Runs jobs while the renderer is idle: each job starts in an idle callback
// (requestIdleCallback, else a short timeout), at most `parallel` at a time, and
// nothing starts within `quietMs` of the operator's last input, so prefetching
// never competes with the first interaction. A job's failure is dropped.

export interface IdleHost {
  /** schedules `run` when the main thread is idle; returns a cancel */
  whenIdle(run: () => void): () => void;
  now(): number;
  /** time of the last pointer or key input */
  lastInput(): number;
}

export interface IdleRun {
  stop(): void;
  /** resolves when every job has run (or the run was stopped) */
  done: Promise<void>;
}

export function runWhenIdle(jobs: readonly (() => Promise<unknown>)[], host: IdleHost, { parallel = 2, quietMs = 300 } = {}): IdleRun {
  let next = 0;
  let active = 0;
  let stopped = false;
  const cancels = new Set<() => void>();
  let finish!: () => void;
  const done = new Promise<void>((r) => (finish = r));
  const settle = () => {
    if (stopped || (next >= jobs.length && active === 0)) finish();
  };
  const schedule = () => {
    if (stopped || next >= jobs.length || active >= parallel) return settle();
    const cancel = host.whenIdle(() => {
      cancels.delete(cancel);
      if (stopped) return;
      // another idle callback may have taken the last job or the last free slot meanwhile
      if (next >= jobs.length || active >= parallel) return settle();
      if (host.now() - host.lastInput() < quietMs) return void schedule();
      const job = jobs[next++];
      active++;
      void job()
        .catch(() => undefined)
        .finally(() => {
          active--;
          schedule();
          settle();
        });
      schedule(); // a second job in parallel
    });
    cancels.add(cancel);
  };
  schedule();
  return {
    stop() {
      stopped = true;
      for (const c of cancels) c();
      cancels.clear();
      finish();
    },
    done,
  };
}

/**
 * the browser's idle host: requestIdleCallback (a 50 ms timeout where it is missing), input from the window.
 * `timeoutMs`: run by then even if the browser has given no idle period (Chromium may give none for as long as
 * the pointer rests where it clicked); the quiet time after input still applies.
 */
export function browserIdleHost({ timeoutMs }: { timeoutMs?: number } = {}): IdleHost & { dispose(): void } {
  let last = 0;
  const onInput = () => (last = performance.now());
  addEventListener('pointerdown', onInput, { capture: true, passive: true });
  addEventListener('keydown', onInput, { capture: true, passive: true });
  return {
    whenIdle(run) {
      if (typeof requestIdleCallback === 'function') {
        const id = requestIdleCallback(() => run(), timeoutMs === undefined ? undefined : { timeout: timeoutMs });
        return () => cancelIdleCallback(id);
      }
      const id = setTimeout(run, 50);
      return () => clearTimeout(id);
    },
    now: () => performance.now(),
    lastInput: () => last,
    dispose() {
      removeEventListener('pointerdown', onInput, { capture: true });
      removeEventListener('keydown', onInput, { capture: true });
    },
  };
}
