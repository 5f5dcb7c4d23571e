// Waiting that a job's signal cuts short (src-server/jobs: cancelled, lease lost, shutdown).

/** resolves after `ms`, or as soon as `signal` fires (at once when it already has) */
export function waitUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
