import { api, hashPassword } from '@dash/shared-core';

/** POST /api/resetpassword with the SHA-256 of both typed passwords; signs the member in. Silent: the page shows errors. */
export function resetPassword(input: { token: string; password: string; passwordConfirmation: string }) {
  return api.call(
    'resetPassword',
    {
      token: input.token,
      password: hashPassword(input.password),
      passwordConfirmation: hashPassword(input.passwordConfirmation),
    },
    { silent: true },
  );
}
