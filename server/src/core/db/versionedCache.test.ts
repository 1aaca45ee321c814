import { describe, expect, it } from 'vitest';
import { cacheLookups } from './cacheLookups';
import { isNewer, VersionedCache } from './versionedCache';

describe('isNewer', () => {
  it('compares one counter or several, counter by counter', () => {
    expect(isNewer('10', '9')).toBe(true);
    expect(isNewer('9', '10')).toBe(false);
    expect(isNewer('9', '9')).toBe(false);
    expect(isNewer('3.5.20261127', '3.5.20261126')).toBe(true);
    expect(isNewer('4.5.20261126', '3.5.20261126')).toBe(true);
    // One counter moved on, another back: neither is newer (the cache takes the value read last).
    expect(isNewer('4.4.20261126', '3.5.20261126')).toBe(false);
    expect(isNewer('3.5', '3.5.1')).toBe(false);
  });
});

describe('VersionedCache', () => {
  it('counts answers from memory (and calls that join a read under way) as hits, reads as misses', async () => {
    const cache = new VersionedCache<string>(10, () => 1, 'test-counted');
    const read = async () => 'a';
    await Promise.all([cache.get('tree', '1', read), cache.get('tree', '1', read)]);
    await cache.get('tree', '1', read);
    await cache.get('tree', '2', read);
    expect(cacheLookups().get('test-counted')).toEqual({ hit: 2, miss: 2 });
  });

  it('answers a kept value for its version only, and never lets an older read replace a newer one', async () => {
    const cache = new VersionedCache<string>();
    let reads = 0;
    const read = (value: string) => async () => {
      reads++;
      return value;
    };
    expect(await cache.get('tree', '1.1', read('a'))).toBe('a');
    expect(await cache.get('tree', '1.1', read('b'))).toBe('a');
    expect(reads).toBe(1);
    expect(await cache.get('tree', '1.2', read('c'))).toBe('c');
    // A slow read of version 1.1 that ends now must not replace 1.2.
    expect(await cache.get('tree', '1.1', read('old'))).toBe('old');
    expect(await cache.get('tree', '1.2', read('d'))).toBe('c');
    expect(reads).toBe(3);
  });

  it('lets the least recently used values go once their weights pass the limit', async () => {
    const cache = new VersionedCache<string>(5, (value) => value.length);
    await cache.get('first', '1', async () => 'aa');
    await cache.get('second', '1', async () => 'bb');
    await cache.get('first', '1', async () => 'never read');
    await cache.get('third', '1', async () => 'cc');
    expect(cache.size).toBe(2);
    expect(await cache.get('first', '1', async () => 'read again')).toBe('aa');
    expect(await cache.get('second', '1', async () => 'read again')).toBe('read again');
    // Heavier than the limit: answered, not kept.
    expect(await cache.get('huge', '1', async () => 'xxxxxx')).toBe('xxxxxx');
    expect(await cache.get('huge', '1', async () => 'again')).toBe('again');
  });
});
