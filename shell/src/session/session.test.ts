// @vitest-environment jsdom
import {
  ApiError,
  api,
  i18n,
  type LicenseeState,
  type MemberState,
  type ProfileSetting,
  type RemoteConfig,
} from '@dash/shared-core';
import { useSessionStore, useToastStore } from '@dash/shared-ui';
import { initTestI18n } from '@dash/shared-ui/test/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import english from '../../../shared-core/src/i18n/locales/en_GB.json';
import { useAreaStore } from '../federation/areaStore';
import { HEARTBEAT_INTERVAL_MS, reloadSession, startHeartbeat, stopHeartbeat } from './session';

vi.mock('../federation/areaStore', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../federation/areaStore')>()),
  loadAreaOfPage: vi.fn(async () => undefined),
}));

describe('heartbeat (spec section 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useSessionStore.setState({ status: 'authenticated' });
  });
  afterEach(() => {
    stopHeartbeat();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('signs the user out when the heartbeat answers 401', async () => {
    const call = vi.spyOn(api, 'call').mockRejectedValue(new ApiError(401, undefined, 'heartbeat'));
    const onSignedOut = vi.fn();
    startHeartbeat(onSignedOut);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS - 1);
    expect(call).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(call).toHaveBeenCalledWith('heartbeat', undefined, expect.objectContaining({ silent: true }));
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });

  it('says why when the heartbeat finds the session expired', async () => {
    await initTestI18n();
    useToastStore.setState({ toasts: [] });
    vi.spyOn(api, 'call').mockRejectedValue(new ApiError(401, undefined, 'heartbeat'));
    startHeartbeat(vi.fn());
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([english.errors.session.expired]);
  });

  it('keeps the user signed in on a successful heartbeat and on other errors', async () => {
    const call = vi
      .spyOn(api, 'call')
      .mockResolvedValueOnce({ ok: true })
      .mockRejectedValueOnce(new ApiError(502, undefined, 'heartbeat'))
      .mockRejectedValueOnce(new ApiError(0, undefined, 'heartbeat'));
    const onSignedOut = vi.fn();
    startHeartbeat(onSignedOut);
    await vi.advanceTimersByTimeAsync(3 * HEARTBEAT_INTERVAL_MS);
    expect(call).toHaveBeenCalledTimes(3);
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it('does not call the server while nobody is signed in', async () => {
    useSessionStore.setState({ status: 'anonymous' });
    const call = vi.spyOn(api, 'call');
    startHeartbeat(vi.fn());
    await vi.advanceTimersByTimeAsync(2 * HEARTBEAT_INTERVAL_MS);
    expect(call).not.toHaveBeenCalled();
  });
});

describe('reloadSession', () => {
  beforeEach(async () => {
    await initTestI18n();
    // changeLanguage loads the common texts of a language once from /assets/i18n.
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 200 }));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  function acmeState(): MemberState {
    return {
      clientIdentifier: 'acme',
      member: { permissions: [] },
      featureFlags: {},
      externalCalendarHref: null,
    } as unknown as MemberState;
  }

  function settingsIn(languageCode: string) {
    return { languageCode, frontendStyle: { theme: null } } as unknown as ProfileSetting;
  }

  it('applies the language of the profile settings', async () => {
    await i18n.changeLanguage('de_DE');
    vi.spyOn(api, 'call').mockImplementation(async (name) =>
      name === 'memberState' ? acmeState() : settingsIn('en_GB'),
    );
    await reloadSession();
    expect(i18n.language).toBe('en_GB');
  });

  it('keeps a language chosen while the reload was under way (the settings read predate its save)', async () => {
    await i18n.changeLanguage('en_GB');
    let answerSettings: (settings: ProfileSetting) => void = () => undefined;
    vi.spyOn(api, 'call').mockImplementation((name) =>
      name === 'memberState'
        ? Promise.resolve(acmeState())
        : new Promise((resolve) => {
            answerSettings = resolve;
          }),
    );
    const reload = reloadSession();
    await vi.waitFor(() => expect(api.call).toHaveBeenCalledTimes(2));
    await i18n.changeLanguage('de_DE');
    answerSettings(settingsIn('en_GB'));
    await reload;
    expect(i18n.language).toBe('de_DE');
  });
});

describe('a sign-in in the page (docs/releases.md)', () => {
  beforeEach(async () => {
    await initTestI18n();
    // Nobody signed in yet: what the page shows before its sign-in.
    useSessionStore.getState().signedOut();
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 200 }));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    useSessionStore.getState().signedOut();
    useAreaStore.getState().configure([]);
  });

  const release = (manifestUrl: string) =>
    ({ name: 'mf-nowhere', scope: 'mf_nowhere', manifestUrl, public: false, permissions: [] }) as RemoteConfig;
  const memberState = () =>
    ({ clientIdentifier: 'acme', member: { permissions: [] }, featureFlags: {} }) as unknown as MemberState;
  const settings = () => ({ languageCode: 'de_DE', frontendStyle: { theme: null } }) as unknown as ProfileSetting;

  it("asks for the remotes chosen for the new session when the page's were a visitor's", async () => {
    useAreaStore.getState().configure([release('/remotes/mf-nowhere/mf-manifest.json')], { forSession: false });
    const calls: string[] = [];
    vi.spyOn(api, 'call').mockImplementation(async (name) => {
      calls.push(name);
      if (name === 'remotes') return { remotes: [release('/releases/mf-nowhere/1.1.0-0123456789/mf-manifest.json')] };
      return name === 'memberState' ? memberState() : settings();
    });
    await reloadSession();
    expect(calls).toContain('remotes');
    expect(useAreaStore.getState().remotes[0]?.manifestUrl).toContain('/releases/mf-nowhere/1.1.0-0123456789/');
    expect(useAreaStore.getState().forSession).toBe(true);
  });

  it("keeps the page's remotes when they were chosen for its session already", async () => {
    useAreaStore.getState().configure([release('/releases/mf-nowhere/1.0.0-0123456789/mf-manifest.json')]);
    const calls: string[] = [];
    vi.spyOn(api, 'call').mockImplementation(async (name) => {
      calls.push(name);
      return name === 'memberState' ? memberState() : settings();
    });
    await reloadSession();
    expect(calls).not.toContain('remotes');
  });
});

describe('a licensee staff session', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    useSessionStore.getState().signedOut();
  });

  it('loads the licensee state, not the member state, and keeps it alive with that call', async () => {
    const calls: string[] = [];
    vi.spyOn(api, 'call').mockImplementation(async (name) => {
      calls.push(name);
      return {
        staff: { firstName: 'Lena', lastName: 'Lizenz', roleIdentifier: 'licensee-admin', permissions: [] },
        licensee: { identifier: 'dashboard', name: 'Dashboard' },
      } as unknown as LicenseeState;
    });
    expect(await reloadSession('licensee')).toBeNull();
    expect(calls).toEqual(['licenseeState']);
    const state = useSessionStore.getState();
    expect(state.status).toBe('authenticated');
    expect(state.licenseeState?.licensee.name).toBe('Dashboard');
    expect(state.access?.audience).toBe('licensee');
  });

  it('without a known kind (no boot data), asks for the licensee state when the member state answers 401', async () => {
    const calls: string[] = [];
    vi.spyOn(api, 'call').mockImplementation(async (name) => {
      calls.push(name);
      if (name === 'memberState') throw new ApiError(401, 'Auth.Unauthorized', 'memberState');
      return {
        staff: { firstName: 'Lena', lastName: 'Lizenz', roleIdentifier: 'licensee-admin', permissions: [] },
        licensee: { identifier: 'dashboard', name: 'Dashboard' },
      } as unknown as LicenseeState;
    });
    await reloadSession();
    expect(calls).toEqual(['memberState', 'licenseeState']);
    expect(useSessionStore.getState().access?.audience).toBe('licensee');
  });
});
