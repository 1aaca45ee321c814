import { api, hashPassword } from '@dash/shared-core';
import { useMutation } from '@tanstack/react-query';

/** POST /api/profile/changeusername (needs the current password). Silent: the form shows errors. */
export function changeUsername(input: { username: string; newUsername: string; password: string }) {
  return api.call(
    'profileChangeUsername',
    {
      username: input.username,
      newUsername: input.newUsername.trim().toLowerCase(),
      password: hashPassword(input.password),
    },
    { silent: true },
  );
}

export function useChangeUsername() {
  return useMutation({ mutationFn: changeUsername });
}
