// The API logs of write calls, written in batches: one multi-row INSERT for the lines of up to
// `delayMs` (or `maxRows` lines), not one statement and one commit of its own per write call. On
// the team server's mixed load that was one round trip in seven of a save, and a commit (issue 37
// item 9). BladeX writes its API log asynchronously too (an event its log listener saves later).
// What a crash of the process takes: the lines of the last `delayMs`. The instance's own log
// screens read after its pending lines are written (`flush`), and a stopping instance writes them;
// so does whatever removes a tenant's rows (`pendingApiLog(data)?.flush()`), or a line written
// after it would outlive the tenant.

export type LogCell = string | number;

export class ApiLogBuffer {
  private rows: LogCell[][] = [];
  private timer: NodeJS.Timeout | null = null;
  /** the batch being written (batches go one after the other, in order) */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly insert: (rows: LogCell[][]) => Promise<unknown>,
    private readonly failed: (err: unknown) => void,
    private readonly maxRows = 50,
    private readonly delayMs = 100,
  ) {}

  add(row: LogCell[]): void {
    this.rows.push(row);
    if (this.rows.length >= this.maxRows) {
      void this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.delayMs);
      this.timer.unref();
    }
  }

  /** Writes the pending lines; resolves once every line added before the call is written (or has failed). */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const rows = this.rows.splice(0);
    if (rows.length > 0) {
      this.writing = this.writing.then(() => this.insert(rows)).then(
        () => undefined,
        (err: unknown) => this.failed(err),
      );
    }
    return this.writing;
  }
}

/** each server's buffer, by its data layer (one per server: the log routes register it) */
const buffers = new WeakMap<object, ApiLogBuffer>();

export const registerApiLog = (data: object, buffer: ApiLogBuffer): void => {
  buffers.set(data, buffer);
};

/** the API log lines the server on this data layer has not written yet (none before its log routes start) */
export const pendingApiLog = (data: object): ApiLogBuffer | undefined => buffers.get(data);
