// Snowflake-style ids: 41 bits of milliseconds since a custom epoch, 10 bits of
// worker, 12 bits of sequence. Always handled as decimal strings (ids exceed 2^53).

const EPOCH = 1288834974657n; // Twitter's epoch, as MyBatis-Plus uses
let lastMs = -1n;
let sequence = 0n;
const worker = BigInt(process.pid % 1024);

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
