/**
 * The company ID remembered on this device for the sign-in page (spec: /auth/login may remember it). The sign-in
 * page's "remember" box decides; a session that starts elsewhere (support link, password reset, a reload) keeps the
 * company remembered unless the member chose not to be, so this choice is stored too.
 */
const COMPANY_KEY = 'dashboard.clientIdentifier';
/** Set while the member chose, on the sign-in page, not to have the company ID remembered on this device. */
const NOT_REMEMBERED_KEY = 'dashboard.clientIdentifier.notRemembered';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage switched off in the browser: nothing is remembered.
    return null;
  }
}

export function readRememberedCompany(): string | null {
  return storage()?.getItem(COMPANY_KEY) || null;
}

/** The member's choice on the sign-in page: remember this company ID, or (null) do not remember any. */
export function writeRememberedCompany(clientIdentifier: string | null): void {
  const store = storage();
  if (!store) return;
  if (clientIdentifier) {
    store.setItem(COMPANY_KEY, clientIdentifier);
    store.removeItem(NOT_REMEMBERED_KEY);
  } else {
    store.removeItem(COMPANY_KEY);
    store.setItem(NOT_REMEMBERED_KEY, 'true');
  }
}

/** A signed-in session's company: remembered, unless the member chose not to be remembered. */
export function keepCompanyOfSession(clientIdentifier: string): void {
  const store = storage();
  if (!store || store.getItem(NOT_REMEMBERED_KEY)) return;
  store.setItem(COMPANY_KEY, clientIdentifier);
}
