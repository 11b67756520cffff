// A map that keeps only its most recently used entries: the engine's caches (scopes, sort
// orders, search memories) stay bounded however many scopes, sorts and filters are tried.
export class RecentMap<K, V> {
  private readonly entries = new Map<K, V>()

  constructor(private readonly max: number) {}

  /** The entry under `key`, made by `make` when missing; either way it becomes the most recent. */
  get(key: K, make: () => V): V {
    let value = this.entries.get(key)
    if (value !== undefined || this.entries.has(key)) {
      this.entries.delete(key)
    } else {
      value = make()
    }
    this.entries.set(key, value as V)
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!)
    return value as V
  }

  delete(key: K): void {
    this.entries.delete(key)
  }
}
