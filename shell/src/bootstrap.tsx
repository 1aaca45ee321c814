import { api, areaOfPath, BOOT_DATA_ELEMENT_ID, type BootData, i18n, initI18n } from '@dash/shared-core';
import { useSessionStore } from '@dash/shared-ui';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applyBranding, applyTheme } from './branding/branding';
import { handleApiError, signOutAfterError } from './errors/handleApiError';
import { useAreaStore } from './federation/areaStore';
import { observeCallsWithLoaders } from './loader/observeCalls';
import { logout, reloadSession, startHeartbeat } from './session/session';
import './shell.css';

/** The server's boot data in index.html (static.ts); null without it (development server) or when unreadable. */
function readBootData(): BootData | null {
  const text = document.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as BootData;
    return Array.isArray(data.remotes) ? data : null;
  } catch {
    return null;
  }
}

/** Start-up (spec section 7): licensee config, then member state, then profile settings. */
async function start() {
  applyTheme(null);
  observeCallsWithLoaders();
  const boot = readBootData();
  if (boot) {
    // Chosen by the server for this page's session, or for a visitor without a session cookie (docs/releases.md).
    useAreaStore.getState().configure(boot.remotes, { forSession: boot.hasSessionCookie });
    // The public area of this address (the sign-in pages): its chain (manifest, remoteEntry.js, register entry) runs
    // while the translations load and React starts, instead of after the first render.
    const area = areaOfPath(window.location.pathname);
    if (area?.public) void useAreaStore.getState().ensure(area.name);
    // With a session cookie the visitor is most likely signed in: the signed-in frame and the server-data cache load
    // while the member state is read (no area code: which areas load depends on that answer).
    else if (boot.hasSessionCookie) void import('./app/signedIn');
  }
  const [, licensee, remotes] = await Promise.all([
    initI18n(),
    boot ? boot.licensee : api.call('licenseeConfig', undefined, { silent: true }).catch(() => null),
    boot ? { remotes: boot.remotes } : api.call('remotes', undefined, { silent: true }).catch(() => ({ remotes: [] })),
  ]);
  const session = useSessionStore.getState();
  if (licensee) {
    session.setLicensee(licensee);
    applyBranding(licensee);
  }
  if (!boot) useAreaStore.getState().configure(remotes.remotes);
  useSessionStore.setState({ reload: reloadSession, logout });
  // Whoever changes the profile settings (profile area, language switch), the theme follows.
  useSessionStore.subscribe((state, previous) => {
    if (state.settings !== previous.settings) applyTheme(state.settings?.frontendStyle.theme ?? null);
  });
  api.setErrorHandler(handleApiError);
  try {
    // Without a session cookie the member state call can only answer 401: a visitor goes straight to sign-in.
    if (boot && !boot.hasSessionCookie) useSessionStore.getState().signedOut();
    else await reloadSession(boot?.sessionKind ?? undefined);
  } catch {
    useSessionStore.getState().signedOut();
  }
  startHeartbeat(signOutAfterError);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  // A transition renders in slices that yield to the browser every few milliseconds: the first render was one long
  // task (Lighthouse's total blocking time).
  const reactRoot = createRoot(root);
  startTransition(() => reactRoot.render(<App />));
}

start().catch((error: unknown) => {
  console.error(error);
  const root = document.getElementById('root');
  if (root) {
    root.textContent = i18n.isInitialized ? i18n.t('errors.http.0') : 'Das Dashboard konnte nicht gestartet werden.';
  }
});
