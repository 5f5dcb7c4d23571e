// log:add / log:list / log:clear over the local SQLite error log.

import type { ErrorLogEntry, ErrorLogInput } from '../../src-shared/wire';
import type { LocalDb } from './LocalDb';

const MAX_FIELD = 20_000;
const clip = (s: string) => (s.length > MAX_FIELD ? s.slice(0, MAX_FIELD) : s);

export class ErrorLogService {
  constructor(private readonly db: LocalDb) {}

  add(input: ErrorLogInput): ErrorLogEntry {
    return this.db.addLog({
      type: clip(input.type),
      url: clip(input.url),
      message: clip(input.message),
      ...(input.stack !== undefined ? { stack: clip(input.stack) } : {}),
      ...(input.info !== undefined ? { info: clip(input.info) } : {}),
    });
  }

  list(): ErrorLogEntry[] {
    return this.db.listLogs();
  }

  clear(): void {
    this.db.clearLogs();
  }

  count(): number {
    return this.db.countLogs();
  }
}
