// In-memory caches (menus, dictionaries) register here so clear-cache can empty them all.
export class CacheRegistry {
  private readonly clearers: (() => void)[] = [];

  register(clear: () => void): void {
    this.clearers.push(clear);
  }

  clearAll(): void {
    for (const clear of this.clearers) clear();
  }
}
