// What the generation cancel tests check once a run's job is cancelled: the provider is asked no more. Requests
// sent before the cancel may still reach the (local, fake) provider after it settled, at most one per item the run
// had at once; once those are answered, nothing more comes.
import { expect } from 'vitest';
import { until, type AiCounts } from './helpers';

export async function stopsAsking(counts: AiCounts, concurrency: number): Promise<void> {
  const settled = counts.arrivals.length;
  await until(async () => counts.inFlight === 0, 60_000);
  await new Promise((r) => setTimeout(r, 300));
  const requests = counts.arrivals.length;
  expect(requests - settled).toBeLessThanOrEqual(concurrency);
  // a while later: no request reached the provider
  await new Promise((r) => setTimeout(r, 2000));
  expect(counts.arrivals.length).toBe(requests);
}
