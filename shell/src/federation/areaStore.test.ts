// @vitest-environment jsdom
import { fakeDevtoolsExtension } from '@dash/shared-ui/test/devtools';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  Reflect.deleteProperty(window, '__REDUX_DEVTOOLS_EXTENSION__');
  vi.resetModules();
});

describe('area store', () => {
  it('keeps a devtools history of 25 states, like every store of the dashboard', async () => {
    const connections = fakeDevtoolsExtension();
    vi.resetModules();
    await import('./areaStore');
    expect(connections.map((connection) => connection.options)).toContainEqual(
      expect.objectContaining({ name: 'areas', maxAge: 25 }),
    );
  });
});
