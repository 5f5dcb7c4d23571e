// A team-server instance for tests that kill it (kill -9) and wait for another
// instance to take its jobs over: `npm run server`'s startServer with a short job
// lease, so the takeover comes after seconds instead of the default 30 s.
// Usage: node --import tsx tests/support/short-lease-server.ts <database URL> <data folder> <lease ms> [jobs at once]
// (jobs at once: the worker's concurrency, default 4; 1 makes a second job go to another instance)
// Prints `ready <base URL>` once it listens (as src-server/cli.ts does); SIGTERM closes it.
import { startServer } from '../../src-server/app';

const [database, dataDir, lease, jobs] = process.argv.slice(2);
if (!database || !dataDir || !lease) throw new Error('usage: short-lease-server.ts <database URL> <data folder> <lease ms>');
const leaseMs = Number(lease);
const server = await startServer({ database, dataDir, worker: { leaseMs, heartbeatMs: Math.max(100, Math.min(2000, Math.floor(leaseMs / 4))), pollMs: 100, concurrency: jobs ? Number(jobs) : undefined } });
process.stdout.write(`ready ${server.url}\n`);
process.on('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
