import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Queryable } from '../../core/db/database';
import { CONTENT_CACHE_MS, forgetContent, loadContent } from './content';

/** A database that answers one type whose title names how often it was read. */
function countingDb() {
  const counter = { reads: 0 };
  const db: Queryable = {
    async query<Row>() {
      counter.reads++;
      return [
        {
          identifier: 'vdu',
          kind: 'survey',
          title: { de_DE: `read ${counter.reads}` },
          description: {},
          scale: [],
          groups: [],
        },
      ] as Row[];
    },
  };
  return { db, counter };
}

describe('the risk-assessment content cache', () => {
  beforeEach(() => {
    forgetContent();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('reads a type once within CONTENT_CACHE_MS and again after it (another instance may have installed new content)', async () => {
    const { db, counter } = countingDb();
    await loadContent(db, 'vdu');
    await loadContent(db, 'vdu');
    expect(counter.reads).toBe(1);
    vi.advanceTimersByTime(CONTENT_CACHE_MS - 1);
    await loadContent(db, 'vdu');
    expect(counter.reads).toBe(1);
    vi.advanceTimersByTime(1);
    const fresh = await loadContent(db, 'vdu');
    expect(counter.reads).toBe(2);
    expect(fresh?.content.title).toEqual({ de_DE: 'read 2' });
  });
});
