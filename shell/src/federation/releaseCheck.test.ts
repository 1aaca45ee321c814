import type { RemoteConfig } from '@dash/shared-core';
import { afterEach, describe, expect, it } from 'vitest';
import { problemsOfManifest } from './releaseCheck';

const release = { name: 'mf-start', scope: 'mf_start', manifestUrl: '/releases/x', public: false, permissions: [] };

describe('the shell checks a release against itself (docs/releases.md)', () => {
  afterEach(() => {
    delete process.env.DASH_SHARED_VERSIONS;
  });

  it('refuses a release built against another major version of what the shell shares, as its build wrote it', () => {
    process.env.DASH_SHARED_VERSIONS = JSON.stringify({ react: '19.3.1', '@dash/shared-ui': '0.1.0' });
    const manifest = {
      shared: [
        { name: 'react', version: '20.0.0' },
        { name: '@dash/shared-ui/table', version: '0.1.0' },
      ],
    };
    expect(problemsOfManifest(release as RemoteConfig, manifest)).toEqual([
      'built with react 20.0.0, the shell shares react 19.3.1',
    ]);
    expect(problemsOfManifest(release as RemoteConfig, { shared: [{ name: 'react', version: '19.3.1' }] })).toEqual([]);
  });
});
