import { api, hashPassword } from '@dash/shared-core';

export interface LoginInput {
  clientIdentifier: string;
  username: string;
  /** What the user typed; only its SHA-256 leaves the browser. */
  password: string;
}

/** POST /api/login. Errors are shown by the form itself (login-specific messages), so the call is silent. */
export function login(input: LoginInput) {
  return api.call(
    'login',
    {
      clientIdentifier: input.clientIdentifier.trim().toLowerCase(),
      username: input.username.trim().toLowerCase(),
      password: hashPassword(input.password),
    },
    { silent: true },
  );
}
