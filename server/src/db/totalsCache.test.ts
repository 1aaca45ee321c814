import { describe, expect, it } from 'vitest';
import { TotalsCache } from './totalsCache';

describe('TotalsCache', () => {
  it('counts once within the lifetime and again after it or after the client was cleared', async () => {
    const cache = new TotalsCache(50);
    let calls = 0;
    const count = async () => ++calls;
    expect(await cache.get('a', 'all', count)).toBe(1);
    expect(await cache.get('a', 'all', count)).toBe(1);
    expect(await cache.get('b', 'all', count)).toBe(2);
    cache.clearClient('a');
    expect(await cache.get('a', 'all', count)).toBe(3);
    expect(await cache.get('b', 'all', count)).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await cache.get('b', 'all', count)).toBe(4);
  });
});
