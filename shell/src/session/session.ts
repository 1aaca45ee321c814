import {
  ApiError,
  type Audience,
  api,
  changeLanguage,
  i18n,
  isLanguage,
  type MemberState,
  signInPageOf,
} from '@dash/shared-core';
import { showToast, useSessionStore } from '@dash/shared-ui';
import { loadAreaOfPage, useAreaStore } from '../federation/areaStore';
import { beginSigningOut } from './signingOut';

/**
 * Heartbeat every 30 seconds: it also tells what the session may open now, so that a feature flag the licensee
 * switched reaches a page signed in before within a minute. A call that takes over 5 minutes (spec section 9) counts
 * as failed.
 */
export const HEARTBEAT_INTERVAL_MS = 30 * 1000;
/** A navigation asks as well, when the last answer is older than this. */
export const ACCESS_CHECK_ON_NAVIGATION_MS = 10 * 1000;
export const HEARTBEAT_TIMEOUT_MS = 5 * 60 * 1000;

/**
 * The state of the session again: for a member the member state, then profile settings (language and theme); for
 * licensee staff the licensee state. `audience` names the kind (after a sign-in, or from the boot data); without it
 * the kind signed in now, else a member. Answers the member state, or null when nobody (or licensee staff) is signed
 * in.
 */
export async function reloadSession(audience?: Audience): Promise<MemberState | null> {
  const store = useSessionStore.getState();
  const kind = audience ?? store.access?.audience ?? 'member';
  // A sign-in in this page: the remotes of the page load were chosen for a visitor, not for whom signs in now.
  const signingIn = store.access === null && !useAreaStore.getState().forSession;
  if (kind === 'licensee') {
    await reloadLicenseeSession(signingIn);
    return null;
  }
  // A reload runs after saves (company details, profile): the member may pick another language meanwhile, and the
  // settings read here can predate that choice's save. The language chosen during the reload wins.
  const languageBefore = i18n.language;
  let memberState: MemberState;
  try {
    memberState = await api.call('memberState', undefined, { silent: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      // Without boot data (development server) the kind of a session is not known: a licensee session answers 401
      // here and is asked for as such.
      if (audience === undefined && !store.access) return reloadSession('licensee');
      store.signedOut();
      // The session ended (or was not there after all): the page's remotes are a visitor's from now on.
      useAreaStore.setState({ forSession: false });
      return null;
    }
    throw error;
  }
  store.signedIn(memberState);
  // The register entry of the page's area does not depend on the settings: both load at once (one round trip less
  // before the start page).
  const area = (signingIn ? remotesOfSession() : Promise.resolve()).then(() =>
    loadAreaOfPage(useSessionStore.getState().access),
  );
  try {
    const settings = await api.call('profileReadSetting', undefined, { silent: true });
    if (i18n.language === languageBefore) {
      store.setSettings(settings);
      if (isLanguage(settings.languageCode)) await changeLanguage(settings.languageCode);
    }
  } catch {
    // Without settings the browser language and system theme stay in force.
  }
  await area;
  return memberState;
}

/** The remotes chosen for the session now signed in; on failure the page's remotes stay (the deployment's builds). */
async function remotesOfSession(): Promise<void> {
  const answer = await api.call('remotes', undefined, { silent: true }).catch(() => null);
  if (answer?.remotes) useAreaStore.getState().configure(answer.remotes);
}

/** Licensee staff: their state (no profile settings: the device's language and the system theme apply). */
async function reloadLicenseeSession(signingIn: boolean): Promise<void> {
  const store = useSessionStore.getState();
  try {
    const licenseeState = await api.call('licenseeState', undefined, { silent: true });
    store.licenseeSignedIn(licenseeState);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      store.signedOut();
      // The session ended (or was not there after all): the page's remotes are a visitor's from now on.
      useAreaStore.setState({ forSession: false });
      return;
    }
    throw error;
  }
  if (signingIn) await remotesOfSession();
  await loadAreaOfPage(useSessionStore.getState().access);
}

/**
 * Ends the session on the server, then shows the sign-in page with the company ID appended (spec section 7) when it
 * is remembered: a member who chose not to have it remembered does not find it filled in there. Licensee staff go
 * to their own sign-in page.
 * A logout carries no return address: on a shared device the next person must not land on the previous one's page.
 * So the session store is not told: a signed-in page that renders signed out sends itself to the sign-in page with
 * a returnUrl (RequireSession). The page is replaced by the sign-in page instead, a fresh load in which nothing of
 * the previous member stays in memory (server-data cache, areas' stores), and not pushed onto the history.
 */
export async function logout(): Promise<void> {
  const store = useSessionStore.getState();
  const clientIdentifier = store.rememberedCompany();
  const loginPage =
    store.access?.audience === 'licensee'
      ? signInPageOf('licensee')
      : clientIdentifier
        ? `/auth/login/${encodeURIComponent(clientIdentifier)}`
        : '/auth/login';
  beginSigningOut();
  // A session of the company's provider goes on to the provider's logout, which sends the browser back to the
  // sign-in page (single sign-on, docs/single-sign-on.md).
  let next = loginPage;
  try {
    next = (await api.call('logout', undefined, { silent: true })).providerLogoutUrl ?? loginPage;
  } finally {
    window.location.replace(next);
  }
}

/**
 * The adviser ends his support session from the banner: the server ends it at once and, for a session opened from
 * the licensee console, signs the browser in to the console again. A fresh page load there (the session's kind
 * changes), as at sign-out; a failed call leaves the page as it is (the shell's toast says why).
 */
export async function endSupportSession(): Promise<void> {
  const { redirectTo } = await api.call('supportEnd', undefined);
  window.location.replace(redirectTo ?? '/auth/login');
}

let heartbeat: ReturnType<typeof setInterval> | undefined;
let beat: (() => Promise<void>) | undefined;
let lastBeatAt = 0;
let beating = false;

/**
 * One heartbeat: keeps the session alive, and when what a member may open changed meanwhile (the licensee switched
 * an area on or off, the role changed) reads the member state again, so the sidebar and routes follow.
 */
async function heartbeatOnce(onSignedOut: () => void): Promise<void> {
  const store = useSessionStore.getState();
  if (store.status !== 'authenticated' || beating) return;
  beating = true;
  lastBeatAt = Date.now();
  try {
    // Licensee staff keep their session alive with their own state call: a member call would answer 401.
    if (store.access?.audience === 'licensee') {
      await api.call('licenseeState', undefined, { silent: true, signal: AbortSignal.timeout(HEARTBEAT_TIMEOUT_MS) });
      return;
    }
    const answer = await api.call('heartbeat', undefined, {
      silent: true,
      signal: AbortSignal.timeout(HEARTBEAT_TIMEOUT_MS),
    });
    const known = useSessionStore.getState().memberState?.accessVersion;
    if (known !== undefined && answer.accessVersion !== known) await reloadSession('member');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      // The session ended while the page stood still: say so, or the sign-in page appears without a reason.
      showToast({ type: 'danger', title: i18n.t('toast.errorTitle'), message: i18n.t('errors.session.expired') });
      onSignedOut();
    }
  } finally {
    beating = false;
  }
}

export function startHeartbeat(onSignedOut: () => void): void {
  stopHeartbeat();
  beat = () => heartbeatOnce(onSignedOut);
  heartbeat = setInterval(() => void beat?.(), HEARTBEAT_INTERVAL_MS);
}

/**
 * A navigation (to `_pathname`): the heartbeat runs now unless it ran a moment ago, so that what the member may
 * open is checked again.
 */
export function heartbeatOnNavigation(_pathname: string): void {
  if (beat && Date.now() - lastBeatAt >= ACCESS_CHECK_ON_NAVIGATION_MS) void beat();
}

export function stopHeartbeat(): void {
  if (heartbeat) clearInterval(heartbeat);
  heartbeat = undefined;
  beat = undefined;
}
