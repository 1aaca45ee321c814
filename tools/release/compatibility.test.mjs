import { describe, expect, it } from 'vitest';
import { packageOf, releaseProblems, sharedOfManifest, versionFits } from './compatibility.mjs';

describe('versionFits', () => {
  it('takes a newer minor or patch of the same major version', () => {
    expect(versionFits('19.3.1', '19.3.1')).toBe(true);
    expect(versionFits('19.4.0', '19.3.1')).toBe(true);
    expect(versionFits('19.3.2', '19.3.1')).toBe(true);
  });
  it('refuses another major version, and an older copy than the one built with', () => {
    expect(versionFits('19.3.1', '20.0.0')).toBe(false);
    expect(versionFits('20.0.0', '19.3.1')).toBe(false);
    expect(versionFits('19.3.0', '19.3.1')).toBe(false);
  });
  it('below 1.0 a minor version may break', () => {
    expect(versionFits('0.1.3', '0.1.0')).toBe(true);
    expect(versionFits('0.2.0', '0.1.0')).toBe(false);
  });
});

describe('releaseProblems', () => {
  const platform = {
    shared: { react: '19.3.1', '@dash/shared-core': '0.1.0' },
    contracts: { 'mf-start': { current: 2, oldest: 1 } },
  };
  it('names each shared package and the contract that do not fit', () => {
    const problems = releaseProblems(
      { area: 'mf-start', contract: 3, shared: { react: '20.0.0', '@dash/shared-core': '0.1.0' } },
      platform,
    );
    expect(problems).toEqual([
      'built with react 20.0.0, the shell shares react 19.3.1',
      'built against API contract 3 of mf-start, the server serves 1 to 2',
    ]);
  });
  it('answers nothing for a release that fits', () => {
    expect(releaseProblems({ area: 'mf-start', contract: 1, shared: { react: '19.3.1' } }, platform)).toEqual([]);
  });
  it('checks only what it is given', () => {
    expect(releaseProblems({ area: 'mf-start', contract: 9, shared: { react: '20.0.0' } }, {})).toEqual([]);
  });
});

describe('sharedOfManifest', () => {
  it('counts sub-paths once, by package', () => {
    expect(packageOf('@dash/shared-ui/table')).toBe('@dash/shared-ui');
    expect(packageOf('react-dom/client')).toBe('react-dom');
    expect(
      sharedOfManifest({
        shared: [
          { name: '@dash/shared-ui/table', version: '0.1.0' },
          { name: 'react', version: '19.3.1' },
        ],
      }),
    ).toEqual({ '@dash/shared-ui': '0.1.0', react: '19.3.1' });
  });
});
