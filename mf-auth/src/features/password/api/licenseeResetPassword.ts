import { api, hashPassword } from '@dash/shared-core';

/**
 * POST /api/licensee/resetpassword with the SHA-256 of both typed passwords; signs the staff member in to the
 * licensee console. Silent: the page shows errors.
 */
export function licenseeResetPassword(input: { token: string; password: string; passwordConfirmation: string }) {
  return api.call(
    'licenseeResetPassword',
    {
      token: input.token,
      password: hashPassword(input.password),
      passwordConfirmation: hashPassword(input.passwordConfirmation),
    },
    { silent: true },
  );
}
