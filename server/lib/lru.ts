/**
 * A bounded least-recently-used map: a Map keeps insertion order, so re-inserting on every hit makes
 * the first key the least recently used one. O(1) get and set.
 */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as K);
  }

  delete(key: K): void {
    this.map.delete(key);
  }

  /** Removes every entry the predicate picks (writes are rare next to reads: a scan is fine). */
  deleteWhere(predicate: (value: V, key: K) => boolean): void {
    for (const [k, v] of this.map) if (predicate(v, k)) this.map.delete(k);
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}
