import { describe, expect, it } from 'vitest';
import { lowerLikeDatabase, orderBy } from './rows';

const COLUMNS = { name: 'lower(c.name)', lastLogin: 'c.last_login_at' };

describe('orderBy', () => {
  it('puts empty values last in both directions when it does not know which columns can be empty', () => {
    expect(orderBy(COLUMNS, 'name', 'desc', 'c.uuid')).toBe('ORDER BY lower(c.name) DESC NULLS LAST, c.uuid DESC');
    expect(orderBy(COLUMNS, 'lastLogin', 'asc', 'c.uuid')).toBe('ORDER BY c.last_login_at ASC NULLS LAST, c.uuid ASC');
  });

  it('sorts a column that is never empty plainly, so that its index serves the descending order too', () => {
    const nullable = new Set(['lastLogin']);
    expect(orderBy(COLUMNS, 'name', 'desc', 'c.uuid', nullable)).toBe('ORDER BY lower(c.name) DESC, c.uuid DESC');
    expect(orderBy(COLUMNS, 'lastLogin', 'desc', 'c.uuid', nullable)).toBe(
      'ORDER BY c.last_login_at DESC NULLS LAST, c.uuid DESC',
    );
  });

  it('refuses a sort key outside the whitelist', () => {
    expect(() => orderBy(COLUMNS, 'password; DROP TABLE client', 'asc', 'c.uuid')).toThrow(/Unknown sort key/);
  });
});

describe('lowerLikeDatabase', () => {
  it('lower-cases ASCII itself and leaves anything else to the database', () => {
    expect(lowerLikeDatabase('AbC.1%')).toBe('abc.1%');
    expect(lowerLikeDatabase('ÄN')).toBeNull();
  });
});
