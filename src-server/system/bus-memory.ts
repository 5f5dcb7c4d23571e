// Answers kept in memory on a team server while its cache bus (system/cache-bus.ts) hears every change to what
// they were read from (a session that is live). What was read while a
// change was being told (a clear or a forget came between the read's start and its end) is not kept, so an
// answer read from the old rows never outlives the message about the new ones. Without the bus (SQLite: the
// answer is a statement in process; PostgreSQL while the listening connection is lost) every call reads.
export class BusMemory<V> {
  private readonly values = new Map<string, V>();
  /** counts clears and forgets: a read is kept only when none came while it ran */
  private generation = 0;

  constructor(
    /** whether every change is heard now (the bus's `hearing`) */
    private readonly hearing: () => boolean,
    /** entries kept at most (then everything is dropped and read again: a bound, not a tuning knob) */
    private readonly limit = 100_000,
  ) {}

  /** the answer for `key`: from memory when kept, else `read` (kept when `keep` says so, default always) */
  async get(key: string, read: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    if (this.hearing()) {
      const known = this.values.get(key);
      if (known !== undefined) return known;
    }
    const generation = this.generation;
    const value = await read();
    if (generation === this.generation && this.hearing() && keep(value)) {
      if (this.values.size >= this.limit) this.values.clear();
      this.values.set(key, value);
    }
    return value;
  }

  /** `key` changed: read again next time */
  forget(key: string): void {
    this.generation++;
    this.values.delete(key);
  }

  /** everything may have changed */
  clear(): void {
    this.generation++;
    this.values.clear();
  }
}
