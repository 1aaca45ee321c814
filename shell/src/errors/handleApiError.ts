import { type ApiError, i18n, messageKeyForError, signInPageOf } from '@dash/shared-core';
import { showToast, useSessionStore } from '@dash/shared-ui';
import { isSigningOut } from '../session/signingOut';

const LOGIN_PAGE = /^\/auth\/(login|licensee)(\/|$)/;

/**
 * Spec section 8: every failed call that the caller does not handle itself becomes an error toast;
 * a 401 while signed in also signs out and goes to the sign-in page with a returnUrl. That 401 means the session
 * ended (expired, or signed out elsewhere): it says so, not "no permission", which reads as a missing right.
 */
export function handleApiError(error: ApiError): void {
  const signedIn = useSessionStore.getState().status === 'authenticated';
  // Signing out: a call that was under way meets the ended session; the sign-in page replaces the page anyway.
  if (signedIn && error.status === 401 && isSigningOut()) return;
  const exists = (key: string) => i18n.exists(key);
  let key = messageKeyForError(error.status, error.code, exists);
  if (!signedIn && (error.status === 401 || error.status === 403) && !error.code?.startsWith('Csrf')) {
    key = `errors.login.${error.status}`;
  }
  if (signedIn && error.status === 401) key = 'errors.session.expired';
  // The request id names the call in the server's logs: support finds the failure with it.
  const detail = error.requestId ? i18n.t('toast.errorId', { id: error.requestId }) : undefined;
  showToast({ type: 'danger', title: i18n.t('toast.errorTitle'), message: i18n.t(key), detail });
  if (error.status === 401 && signedIn) signOutAfterError();
}

export function signOutAfterError(): void {
  // Licensee staff go back to their own sign-in page.
  const signIn = signInPageOf(useSessionStore.getState().access?.audience);
  useSessionStore.getState().signedOut();
  const { pathname, search } = window.location;
  if (LOGIN_PAGE.test(pathname)) return;
  const returnUrl = encodeURIComponent(`${pathname}${search}`);
  window.history.pushState(null, '', `${signIn}?returnUrl=${returnUrl}`);
  window.dispatchEvent(new PopStateEvent('popstate'));
}
