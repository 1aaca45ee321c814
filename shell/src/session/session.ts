import { ApiError, api, changeLanguage, i18n, isLanguage, type MemberState } from '@dash/shared-core';
import { showToast, useSessionStore } from '@dash/shared-ui';
import { loadAreasFor } from '../federation/areaStore';

/** Heartbeat every 2 minutes; a call that takes over 5 minutes (spec section 9) counts as failed. */
export const HEARTBEAT_INTERVAL_MS = 2 * 60 * 1000;
export const HEARTBEAT_TIMEOUT_MS = 5 * 60 * 1000;

/** Member state, then profile settings (language and theme). Answers null when nobody is signed in. */
export async function reloadSession(): Promise<MemberState | null> {
  const store = useSessionStore.getState();
  // A reload runs after saves (company details, profile): the member may pick another language meanwhile, and the
  // settings read here can predate that choice's save. The language chosen during the reload wins.
  const languageBefore = i18n.language;
  let memberState: MemberState;
  try {
    memberState = await api.call('memberState', undefined, { silent: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      store.signedOut();
      return null;
    }
    throw error;
  }
  store.signedIn(memberState);
  // The areas' register entries do not depend on the settings: both load at once (one round trip less
  // before the start page).
  const areas = loadAreasFor(memberState);
  try {
    const settings = await api.call('profileReadSetting', undefined, { silent: true });
    if (i18n.language === languageBefore) {
      store.setSettings(settings);
      if (isLanguage(settings.languageCode)) await changeLanguage(settings.languageCode);
    }
  } catch {
    // Without settings the browser language and system theme stay in force.
  }
  await areas;
  return memberState;
}

/**
 * Ends the session on the server, then shows the sign-in page with the company ID appended (spec section 7) when it
 * is remembered: a member who chose not to have it remembered does not find it filled in there.
 * A logout carries no return address: on a shared device the next person must not land on the previous one's page.
 * So the session store is not told: a signed-in page that renders signed out sends itself to the sign-in page with
 * a returnUrl (RequireSession). The page is replaced by the sign-in page instead, a fresh load in which nothing of
 * the previous member stays in memory (server-data cache, areas' stores), and not pushed onto the history.
 */
export async function logout(): Promise<void> {
  const clientIdentifier = useSessionStore.getState().rememberedCompany();
  const loginPage = clientIdentifier ? `/auth/login/${encodeURIComponent(clientIdentifier)}` : '/auth/login';
  try {
    await api.call('logout', undefined, { silent: true });
  } finally {
    window.location.replace(loginPage);
  }
}

let heartbeat: ReturnType<typeof setInterval> | undefined;

export function startHeartbeat(onSignedOut: () => void): void {
  stopHeartbeat();
  heartbeat = setInterval(async () => {
    if (useSessionStore.getState().status !== 'authenticated') return;
    try {
      await api.call('heartbeat', undefined, { silent: true, signal: AbortSignal.timeout(HEARTBEAT_TIMEOUT_MS) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        // The session ended while the page stood still: say so, or the sign-in page appears without a reason.
        showToast({ type: 'danger', title: i18n.t('toast.errorTitle'), message: i18n.t('errors.session.expired') });
        onSignedOut();
      }
    }
  }, HEARTBEAT_INTERVAL_MS);
}

export function stopHeartbeat(): void {
  if (heartbeat) clearInterval(heartbeat);
  heartbeat = undefined;
}
