import { api } from '@dash/shared-core';
import { useMutation } from '@tanstack/react-query';

export type ResetMode = 'all' | 'neverLoggedIn' | 'noPassword';

export function resetPasswords(mode: ResetMode) {
  return api.call('memberResetPasswords', { mode });
}

export function useResetPasswords() {
  return useMutation({ mutationFn: resetPasswords });
}
