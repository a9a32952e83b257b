import { describe, expect, it } from 'vitest';
import { StampedCache } from './stamped-cache.ts';

const connection = {};

describe('StampedCache', () => {
  it('hands a value out only under the stamp it was read at, and drops it once the stamp moved', () => {
    const cache = new StampedCache<string, number>({ maxWeight: 10 });
    cache.set(connection, 'total', 's1', 42);
    expect(cache.get(connection, 'total', 's1')).toBe(42);
    expect(cache.get(connection, 'total', 's2')).toBeUndefined();
    expect(cache.get(connection, 'total', 's1')).toBeUndefined();
    expect(cache.get(connection, 'total', undefined)).toBeUndefined();
  });

  it('keeps each connection apart', () => {
    const cache = new StampedCache<string, number>({ maxWeight: 10 });
    cache.set(connection, 'total', 's1', 1);
    expect(cache.get({}, 'total', 's1')).toBeUndefined();
  });

  it('evicts the least recently used by weight', () => {
    const cache = new StampedCache<string, Int32Array>({ maxWeight: 10, weigh: (ids) => ids.length });
    cache.set(connection, 'a', 's', new Int32Array(4));
    cache.set(connection, 'b', 's', new Int32Array(4));
    expect(cache.get(connection, 'a', 's')).toHaveLength(4);
    cache.set(connection, 'c', 's', new Int32Array(4));
    expect(cache.get(connection, 'b', 's')).toBeUndefined();
    expect(cache.get(connection, 'a', 's')).toHaveLength(4);
    expect(cache.get(connection, 'c', 's')).toHaveLength(4);
    cache.set(connection, 'a', 's', new Int32Array(2));
    cache.set(connection, 'd', 's', new Int32Array(4));
    expect(cache.get(connection, 'c', 's')).toHaveLength(4);
    expect(cache.get(connection, 'a', 's')).toHaveLength(2);
  });

  it('reads once per stamp through getOrRead', async () => {
    const cache = new StampedCache<number, string>({ maxWeight: 2 });
    let reads = 0;
    const read = async () => `read ${++reads}`;
    expect(await cache.getOrRead(connection, 1, 's1', read)).toBe('read 1');
    expect(await cache.getOrRead(connection, 1, 's1', read)).toBe('read 1');
    expect(await cache.getOrRead(connection, 1, 's2', read)).toBe('read 2');
  });
});
