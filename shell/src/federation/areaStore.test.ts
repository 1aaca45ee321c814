// @vitest-environment jsdom
import type { SignedInAccess } from '@dash/shared-core';
import { fakeDevtoolsExtension } from '@dash/shared-ui/test/devtools';
import { afterEach, describe, expect, it, vi } from 'vitest';

const federation = vi.hoisted(() => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => federation);

afterEach(() => {
  Reflect.deleteProperty(window, '__REDUX_DEVTOOLS_EXTENSION__');
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** What the remote's mf-manifest.json says (only the parts the shell reads). */
const MANIFEST = {
  metaData: {
    globalName: 'mf_company',
    publicPath: 'auto',
    remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
  },
  exposes: [{ path: './register', assets: { js: { sync: ['__federation_expose_register.1234567890.js'] } } }],
};

describe('area store', () => {
  it('keeps a devtools history of 25 states, like every store of the dashboard', async () => {
    const connections = fakeDevtoolsExtension();
    vi.resetModules();
    await import('./areaStore');
    expect(connections.map((connection) => connection.options)).toContainEqual(
      expect.objectContaining({ name: 'areas', maxAge: 25 }),
    );
  });

  it("loads an area's texts with its pages, in the language shown only", async () => {
    // The modules of this test's own module graph (reset after the previous test).
    const { i18n } = await import('@dash/shared-core');
    if (!i18n.isInitialized) await i18n.init({ lng: 'de_DE', fallbackLng: false, resources: {} });
    const texts = { de_DE: { members: 'Mitarbeiter' }, en_GB: { members: 'Members' } };
    const loadTranslations = vi.fn(async (language: 'de_DE' | 'en_GB') => texts[language]);
    federation.loadRemote.mockResolvedValue({
      default: () => ({
        namespace: 'company',
        loadTranslations,
        routes: [{ path: '/dashboard/company/members/list', load: async () => ({ default: () => null }) }],
        navigation: [],
      }),
    });
    const fetchManifest = vi.fn(async () => new Response(JSON.stringify(MANIFEST)));
    vi.stubGlobal('fetch', fetchManifest);
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
    // The shell reads the manifest the server named and hands the runtime the remote's entry script.
    expect(fetchManifest).toHaveBeenCalledWith('/remotes/mf-company/mf-manifest.json', undefined);
    expect(federation.registerRemotes).toHaveBeenCalledWith(
      [
        {
          name: 'mf_company',
          entry: 'http://localhost:3000/remotes/mf-company/remoteEntry.js',
          entryGlobalName: 'mf_company',
          type: 'global',
        },
      ],
      { force: false },
    );
    expect(federation.loadRemote).toHaveBeenCalledWith('mf_company/register');
    expect(useAreaStore.getState().areas.company?.status).toBe('ready');
    // No page of the area has been opened: none of its texts are downloaded.
    expect(loadTranslations).not.toHaveBeenCalled();
    const page = useAreaStore.getState().areas.company?.registration?.routes[0];
    await page?.load?.();
    // The page loads with the area's texts in the language shown; English only when the member switches to it.
    expect(i18n.getFixedT('de_DE', 'company')('members')).toBe('Mitarbeiter');
    expect(loadTranslations.mock.calls).toEqual([['de_DE']]);
    expect(i18n.hasResourceBundle('en_GB', 'company')).toBe(false);
  });
});

describe('a remote from its manifest', () => {
  it('finds the entry script and the register entry beside the manifest, also on another origin', async () => {
    const { remoteFromManifest } = await import('./loadArea');
    expect(remoteFromManifest(MANIFEST, 'https://cdn.example.com/company/v2/mf-manifest.json')).toEqual({
      entry: 'https://cdn.example.com/company/v2/remoteEntry.js',
      globalName: 'mf_company',
      type: 'global',
      registerScripts: ['https://cdn.example.com/company/v2/__federation_expose_register.1234567890.js'],
    });
  });

  it('takes a public path the remote was built with', async () => {
    const { remoteFromManifest } = await import('./loadArea');
    const manifest = {
      ...MANIFEST,
      metaData: {
        ...MANIFEST.metaData,
        publicPath: 'https://static.example.com/company/',
        remoteEntry: { name: 'remoteEntry.js', path: 'entry', type: 'global' },
      },
    };
    expect(remoteFromManifest(manifest, '/remotes/mf-company/mf-manifest.json')).toMatchObject({
      entry: 'https://static.example.com/company/entry/remoteEntry.js',
      registerScripts: ['https://static.example.com/company/__federation_expose_register.1234567890.js'],
    });
  });
});

describe('which areas a session opens', () => {
  it('opens each area to its own kind of session only: the licensee console to licensee staff, the rest to members', async () => {
    const { AREAS } = await import('@dash/shared-core');
    const { permissionsOf, permissionsOfLicenseeRole } = await import('@dash/shared-core/permissions');
    const { canOpenArea } = await import('./areaStore');
    const member: SignedInAccess = {
      audience: 'member' as const,
      permissions: permissionsOf('super-admin'),
      featureFlags: { elearnings: true, riskAssessments: true, templates: true, calendar: true },
      externalCalendarHref: null,
    };
    const staff: SignedInAccess = {
      audience: 'licensee' as const,
      permissions: permissionsOfLicenseeRole('licensee-admin'),
      featureFlags: {},
      externalCalendarHref: null,
    };
    const open = (access: SignedInAccess) =>
      AREAS.filter((area) => !area.public && canOpenArea(area, access)).map((area) => area.name);
    expect(open(staff)).toEqual(['mf-licensee']);
    expect(open(member)).not.toContain('mf-licensee');
    expect(open(member)).toContain('mf-start');
    // A member holding the licensee's permission still does not open the console: the kind of session decides.
    expect(open({ ...member, permissions: [...member.permissions, 'licensee.read-console'] })).not.toContain(
      'mf-licensee',
    );
    expect(AREAS.filter((area) => canOpenArea(area, null)).map((area) => area.name)).toEqual(['mf-auth']);
  });
});
