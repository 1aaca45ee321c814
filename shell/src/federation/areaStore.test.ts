// @vitest-environment jsdom
import { fakeDevtoolsExtension } from '@dash/shared-ui/test/devtools';
import { afterEach, describe, expect, it, vi } from 'vitest';

const federation = vi.hoisted(() => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => federation);

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

  it("adds a loaded area's own translation namespace in both languages", async () => {
    // The modules of this test's own module graph (reset after the previous test).
    const { i18n } = await import('@dash/shared-core');
    if (!i18n.isInitialized) await i18n.init({ lng: 'de_DE', fallbackLng: false, resources: {} });
    federation.loadRemote.mockResolvedValue({
      default: () => ({
        namespace: 'company',
        translations: { de_DE: { members: 'Mitarbeiter' }, en_GB: { members: 'Members' } },
        routes: [],
        navigation: [],
      }),
    });
    const { useAreaStore } = await import('./areaStore');
    useAreaStore.getState().configure([
      {
        name: 'company',
        scope: 'mf_company',
        manifestUrl: '/remotes/mf-company/mf-manifest.json',
        public: false,
        permissions: [],
      },
    ]);
    await useAreaStore.getState().ensure('company');
    expect(federation.loadRemote).toHaveBeenCalledWith('mf_company/register');
    expect(useAreaStore.getState().areas.company?.status).toBe('ready');
    expect(i18n.getFixedT('de_DE', 'company')('members')).toBe('Mitarbeiter');
    expect(i18n.getFixedT('en_GB', 'company')('members')).toBe('Members');
  });
});
