/** The company ID remembered on this device (spec: /auth/login may remember it; the user can switch it). */
export const REMEMBERED_CLIENT_KEY = 'dashboard.clientIdentifier';
