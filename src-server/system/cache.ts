// In-memory caches (menus, dictionaries) register here so clear-cache can empty them all. With several
// instances on one PostgreSQL database (a team server) a clear reaches every instance through the cache bus
// (system/cache-bus.ts).
import type { Queries } from '../db/data-layer';
import type { CacheBus } from './cache-bus';
import { BusMemory } from './bus-memory';

export class CacheRegistry {
  private readonly clearers: (() => void)[] = [];
  private bus: CacheBus | null = null;

  register(clear: () => void): void {
    this.clearers.push(clear);
  }

  /** the team server's bus: clears are published on it (and heard from it: clearLocal) */
  attach(bus: CacheBus): void {
    this.bus = bus;
  }

  /**
   * Answers kept in memory while the bus hears every change (system/bus-memory.ts), emptied with the other
   * caches; on SQLite, or with the bus deaf, every call reads.
   */
  memory<V>(): BusMemory<V> {
    const memory = new BusMemory<V>(() => this.bus?.hearing ?? false);
    this.register(() => memory.clear());
    return memory;
  }

  /** resolves once this instance heard every message committed before (CacheBus.heard); at once on SQLite */
  async heard(): Promise<void> {
    await this.bus?.heard();
  }

  /** empties this instance's caches */
  clearLocal(): void {
    for (const clear of this.clearers) clear();
  }

  /**
   * Empties this instance's caches and tells every instance to (through `q`, a write's transaction, it is told
   * at the commit, so what was cached from the old rows meanwhile goes too).
   */
  async clearAll(q?: Queries): Promise<void> {
    this.clearLocal();
    await this.bus?.publish(q);
  }
}
