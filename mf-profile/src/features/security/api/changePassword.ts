import { api, hashPassword } from '@dash/shared-core';
import { useMutation } from '@tanstack/react-query';

/** POST /api/profile/changepassword; every password leaves the browser as its SHA-256. Silent: the form shows errors. */
export function changePassword(input: { old: string; new: string; newCheck: string }) {
  return api.call(
    'profileChangePassword',
    { old: hashPassword(input.old), new: hashPassword(input.new), newCheck: hashPassword(input.newCheck) },
    { silent: true },
  );
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
