// The API log's batches (modules/admin/api-log-buffer.ts): the lines of a moment go in one INSERT, a full batch
// at once, a flush waits for every line added before it, and a failed batch is reported without stopping the next.
import { describe, expect, it, vi } from 'vitest';
import { ApiLogBuffer, type LogCell } from '../../../src-server/modules/admin/api-log-buffer';

function recorder(fail = 0) {
  const batches: LogCell[][][] = [];
  const errors: unknown[] = [];
  let failing = fail;
  const insert = async (rows: LogCell[][]) => {
    await new Promise((r) => setTimeout(r, 5));
    if (failing-- > 0) throw new Error('database away');
    batches.push(rows);
  };
  return { batches, errors, insert, failed: (e: unknown) => errors.push(e) };
}

describe('ApiLogBuffer', () => {
  it('writes the lines of a moment in one batch, after its delay, or at a flush', async () => {
    const r = recorder();
    const buffer = new ApiLogBuffer(r.insert, r.failed, 50, 20);
    buffer.add(['a']);
    buffer.add(['b']);
    expect(r.batches).toEqual([]);
    // its delay over, the two go in one batch
    await vi.waitFor(() => expect(r.batches).toEqual([[['a'], ['b']]]));
    buffer.add(['c']);
    await buffer.flush();
    expect(r.batches).toEqual([[['a'], ['b']], [['c']]]);
    await buffer.flush(); // nothing pending: nothing written
    expect(r.batches).toHaveLength(2);
  });

  it('writes a full batch at once, batches in order', async () => {
    const r = recorder();
    const buffer = new ApiLogBuffer(r.insert, r.failed, 2, 10_000);
    buffer.add([1]);
    buffer.add([2]);
    buffer.add([3]);
    await buffer.flush();
    expect(r.batches).toEqual([[[1], [2]], [[3]]]);
  });

  it('reports a batch that failed and writes the next', async () => {
    const r = recorder(1);
    const buffer = new ApiLogBuffer(r.insert, r.failed, 50, 10_000);
    buffer.add(['lost']);
    await buffer.flush();
    buffer.add(['kept']);
    await buffer.flush();
    expect(r.errors.map((e) => (e as Error).message)).toEqual(['database away']);
    expect(r.batches).toEqual([[['kept']]]);
  });
});
