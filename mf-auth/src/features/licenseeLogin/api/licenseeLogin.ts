import { api, hashPassword } from '@dash/shared-core';

export interface LicenseeLoginInput {
  licenseeIdentifier: string;
  username: string;
  /** What the user typed; only its SHA-256 leaves the browser. */
  password: string;
}

/** POST /api/licensee/login. Errors are shown by the form itself (sign-in messages), so the call is silent. */
export function licenseeLogin(input: LicenseeLoginInput) {
  return api.call(
    'licenseeLogin',
    {
      licenseeIdentifier: input.licenseeIdentifier.trim().toLowerCase(),
      username: input.username.trim().toLowerCase(),
      password: hashPassword(input.password),
    },
    { silent: true },
  );
}
