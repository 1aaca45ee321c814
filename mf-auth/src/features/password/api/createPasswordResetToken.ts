import { api } from '@dash/shared-core';

/** POST /api/createpasswordresettoken. The page shows errors itself, so the call is silent. */
export function createPasswordResetToken(input: { clientIdentifier: string; username: string }) {
  return api.call(
    'createPasswordResetToken',
    { clientIdentifier: input.clientIdentifier.trim().toLowerCase(), username: input.username.trim().toLowerCase() },
    { silent: true },
  );
}
