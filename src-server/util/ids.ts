// Snowflake-style ids: 41 bits of milliseconds since a custom epoch, 10 bits of
// worker, 12 bits of sequence. Always handled as decimal strings (ids exceed 2^53).

const EPOCH = 1288834974657n; // Twitter's epoch, as MyBatis-Plus uses
let lastMs = -1n;
let sequence = 0n;
/** the worker bits: the process id until the instance leases a number of its own (db/id-worker.ts) */
let worker = BigInt(process.pid % 1024);

export const ID_WORKERS = 1024;

/** Sets this process's worker number (0-1023): two processes minting ids together must differ here. */
export function setIdWorker(n: number): void {
  if (!Number.isInteger(n) || n < 0 || n >= ID_WORKERS) throw new Error(`id worker out of range: ${n}`);
  worker = BigInt(n);
}

export function nextId(): string {
  let ms = BigInt(Date.now());
  if (ms < lastMs) ms = lastMs; // clock went backwards: stay monotonic
  if (ms === lastMs) {
    sequence = (sequence + 1n) & 0xfffn;
    if (sequence === 0n) ms = lastMs + 1n; // sequence exhausted: borrow the next millisecond
  } else {
    sequence = 0n;
  }
  lastMs = ms;
  return (((ms - EPOCH) << 22n) | (worker << 12n) | sequence).toString();
}
