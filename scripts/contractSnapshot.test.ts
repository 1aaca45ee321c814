import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { breakingChanges, nextSnapshot, readSnapshot, renderSnapshot, shapeOfCall } from './contractSnapshot';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe("each area's API contract (docs/releases.md)", () => {
  it('is recorded as it is (npm run docs), and no change breaks a version still served', () => {
    const committed = readSnapshot(root);
    const { snapshot, breaking } = nextSnapshot(root, committed);
    expect(breaking).toEqual([]);
    expect(renderSnapshot(committed), 'run npm run docs').toBe(renderSnapshot(snapshot));
  });

  it('tells an additive change from a breaking one', () => {
    const now = shapeOfCall('licenseeReleaseChoose');
    // What a release of an earlier form could have met: one answer field fewer (the answer grew: fits) …
    const smaller = { ...now, response: now.response.filter((item) => !item.startsWith('.areas[].effective')) };
    expect(breakingChanges('mf-licensee', '1', { licenseeReleaseChoose: smaller })).toEqual([]);
    // … one answer field more, a request field more, a value more (the server took them away: breaks).
    const larger = {
      ...now,
      response: [...now.response, '.areas[].notes:string'],
      request: [...now.request, '.comment:string'],
      requestValues: [...now.requestValues, '.area="mf-gone"'],
    };
    expect(breakingChanges('mf-licensee', '1', { licenseeReleaseChoose: larger })).toEqual([
      'mf-licensee contract 1: licenseeReleaseChoose no longer accepts: .comment:string',
      'mf-licensee contract 1: licenseeReleaseChoose no longer accepts the values: .area="mf-gone"',
      'mf-licensee contract 1: licenseeReleaseChoose no longer answers: .areas[].notes:string',
    ]);
    // A field the release did not have to send is now required; a call is gone.
    const optional = { ...now, requestRequired: now.requestRequired.filter((item) => item !== '.release') };
    expect(breakingChanges('mf-licensee', '1', { licenseeReleaseChoose: optional, licenseeGone: now })).toEqual([
      'mf-licensee contract 1: licenseeReleaseChoose requires what it did not: .release',
      'mf-licensee contract 1: the call licenseeGone is gone',
    ]);
  });
});
