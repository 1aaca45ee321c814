/**
 * Set from the moment a member signs out until the sign-in page replaces the page (session.ts, logout). Calls still
 * under way then fail with 401, as the session has just ended; they must not send the page to the sign-in page with
 * a returnUrl nor say the session expired (errors/handleApiError.ts): a logout carries no return address.
 */
let active = false;

export function beginSigningOut(): void {
  active = true;
}

export function isSigningOut(): boolean {
  return active;
}
