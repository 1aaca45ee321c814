import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderPermissionsMarkdown } from './permissionsTable';

describe('docs/permissions.md', () => {
  it('is generated from the role table (run `npm run docs` after changing permissions)', () => {
    const committed = readFileSync(new URL('../../../docs/permissions.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderPermissionsMarkdown());
  });
});
