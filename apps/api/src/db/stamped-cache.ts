interface Entry<V> {
  stamp: string;
  value: V;
  weight: number;
}

interface Store<K, V> {
  entries: Map<K, Entry<V>>;
  weight: number;
}

export interface StampedCacheOptions<V> {
  /** The most the kept values of one connection may weigh together; the least recently used go first. */
  maxWeight: number;
  /** A value's weight (default 1: `maxWeight` is then a count of entries). */
  weigh?: (value: V) => number;
}

/**
 * Values read from the database under a data stamp (`db/data-stamp.ts`), kept per connection and
 * handed out only while the stamp is unchanged, so a kept value is never stale. The caller reads the
 * stamp before the value (or in the same snapshot), so a write racing the read changes the stamp and
 * the value is read again next time. Eviction is least recently used, by weight.
 */
export class StampedCache<K, V> {
  private readonly stores = new WeakMap<object, Store<K, V>>();
  private readonly weigh: (value: V) => number;

  constructor(private readonly options: StampedCacheOptions<V>) {
    this.weigh = options.weigh ?? (() => 1);
  }

  private storeOf(connection: object): Store<K, V> {
    let store = this.stores.get(connection);
    if (!store) {
      store = { entries: new Map(), weight: 0 };
      this.stores.set(connection, store);
    }
    return store;
  }

  /** The value kept under `key` if it was read at `stamp`; a value of another stamp is dropped. */
  get(connection: object, key: K, stamp: string | undefined): V | undefined {
    const store = this.stores.get(connection);
    const entry = store?.entries.get(key);
    if (!store || !entry) return undefined;
    if (entry.stamp !== stamp) {
      this.forget(store, key);
      return undefined;
    }
    store.entries.delete(key);
    store.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value`, read at `stamp`, under `key`. */
  set(connection: object, key: K, stamp: string, value: V): void {
    const store = this.storeOf(connection);
    this.forget(store, key);
    const weight = this.weigh(value);
    store.entries.set(key, { stamp, value, weight });
    store.weight += weight;
    for (const oldest of store.entries.keys()) {
      if (store.weight <= this.options.maxWeight) break;
      this.forget(store, oldest);
    }
  }

  /** The kept value if its stamp matches, else `read()`'s, which is kept. */
  async getOrRead(connection: object, key: K, stamp: string, read: () => Promise<V>): Promise<V> {
    const hit = this.get(connection, key, stamp);
    if (hit !== undefined) return hit;
    const value = await read();
    this.set(connection, key, stamp, value);
    return value;
  }

  private forget(store: Store<K, V>, key: K): void {
    const entry = store.entries.get(key);
    if (!entry) return;
    store.entries.delete(key);
    store.weight -= entry.weight;
  }
}
