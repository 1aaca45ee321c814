import { api } from '@dash/shared-core';

/** POST /api/licensee/createpasswordresettoken (licensee staff). The page shows errors itself, so the call is silent. */
export function licenseeCreatePasswordResetToken(input: { licenseeIdentifier: string; username: string }) {
  return api.call(
    'licenseeCreatePasswordResetToken',
    {
      licenseeIdentifier: input.licenseeIdentifier.trim().toLowerCase(),
      username: input.username.trim().toLowerCase(),
    },
    { silent: true },
  );
}
