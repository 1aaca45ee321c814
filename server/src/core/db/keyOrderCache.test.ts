import { describe, expect, it } from 'vitest';
import { type KeyOrder, KeyOrderCache } from './keyOrderCache';

function loader(keys: string[] | null, total = keys?.length ?? 0) {
  const counter = { calls: 0 };
  const load = async (): Promise<KeyOrder> => {
    counter.calls++;
    return { total, keys };
  };
  return { counter, load };
}

describe('KeyOrderCache', () => {
  it('reads an order once per version and again as soon as the version moves', async () => {
    const cache = new KeyOrderCache('test-orders');
    const { counter, load } = loader(['a', 'b']);
    expect(await cache.get('list', '1', load)).toEqual({ total: 2, keys: ['a', 'b'] });
    await cache.get('list', '1', load);
    expect(counter.calls).toBe(1);
    await cache.get('list', '2', load);
    expect(counter.calls).toBe(2);
    await cache.get('other list', '2', load);
    expect(counter.calls).toBe(3);
  });

  it('reads once for calls that arrive together', async () => {
    const cache = new KeyOrderCache('test-orders');
    let release: () => void = () => undefined;
    let calls = 0;
    const load = async (): Promise<KeyOrder> => {
      calls++;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { total: 1, keys: ['a'] };
    };
    const together = [cache.get('list', '1', load), cache.get('list', '1', load), cache.get('list', '1', load)];
    release();
    expect(await Promise.all(together)).toEqual([
      { total: 1, keys: ['a'] },
      { total: 1, keys: ['a'] },
      { total: 1, keys: ['a'] },
    ]);
    expect(calls).toBe(1);
  });

  it('never lets a slow read of an older version replace a newer one', async () => {
    const cache = new KeyOrderCache('test-orders');
    let releaseOld: () => void = () => undefined;
    const slowOld = cache.get('list', '9', async () => {
      await new Promise<void>((resolve) => {
        releaseOld = resolve;
      });
      return { total: 1, keys: ['old'] };
    });
    await cache.get('list', '10', async () => ({ total: 1, keys: ['new'] }));
    releaseOld();
    expect((await slowOld).keys).toEqual(['old']);
    const { counter, load } = loader(['other']);
    expect((await cache.get('list', '10', load)).keys).toEqual(['new']);
    expect(counter.calls).toBe(0);
  });

  it('keeps the total of a list too long to keep, and reads it again only for a new version', async () => {
    const cache = new KeyOrderCache('test-orders', 2);
    const { counter, load } = loader(null, 3);
    expect(await cache.get('long', '1', load)).toEqual({ total: 3, keys: null });
    expect(await cache.get('long', '1', load)).toEqual({ total: 3, keys: null });
    expect(counter.calls).toBe(1);
  });

  it('lets the least recently used lists go once too many keys are kept', async () => {
    const cache = new KeyOrderCache('test-orders', 10, 4);
    const two = () => loader(['x', 'y']);
    const first = two();
    await cache.get('first', '1', first.load);
    await cache.get('second', '1', two().load);
    // Using "first" again makes "second" the least recently used one.
    await cache.get('first', '1', first.load);
    await cache.get('third', '1', two().load);
    expect(cache.size).toBe(2);
    await cache.get('first', '1', first.load);
    expect(first.counter.calls).toBe(1);
    const second = two();
    await cache.get('second', '1', second.load);
    expect(second.counter.calls).toBe(1);
  });
});
