// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeDevtoolsExtension } from '../test/devtools';

afterEach(() => {
  Reflect.deleteProperty(window, '__REDUX_DEVTOOLS_EXTENSION__');
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('devtools history (spec section 9: 25 states)', () => {
  it('connects every shared store to the developer tools with a history of 25 and reports its changes', async () => {
    const connections = fakeDevtoolsExtension();
    vi.resetModules();
    const { useSessionStore } = await import('../session/sessionStore');
    const { useToastStore } = await import('../toasts/toastStore');
    const { useLoaderStore } = await import('../loader/loaderStore');
    expect([typeof useToastStore, typeof useLoaderStore]).toEqual(['function', 'function']);
    expect(
      connections.map((connection) => connection.options).sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '')),
    ).toEqual([
      expect.objectContaining({ name: 'loader', maxAge: 25 }),
      expect.objectContaining({ name: 'session', maxAge: 25 }),
      expect.objectContaining({ name: 'toasts', maxAge: 25 }),
    ]);
    useSessionStore.getState().signedOut();
    const session = connections.find((connection) => connection.options.name === 'session');
    expect(session?.sent).toContainEqual(expect.objectContaining({ type: 'signedOut' }));
  });

  it('leaves the middleware out of production builds: the stores work without it and connect to nothing', async () => {
    const connections = fakeDevtoolsExtension();
    vi.stubEnv('NODE_ENV', 'production');
    vi.resetModules();
    const { devtools } = await import('./devtoolsOptions');
    const initializer = () => ({});
    expect(devtools(initializer, { name: 'any' })).toBe(initializer);
    const { useSessionStore } = await import('../session/sessionStore');
    useSessionStore.getState().signedOut();
    expect(useSessionStore.getState().status).toBe('anonymous');
    expect(connections).toEqual([]);
  });
});
