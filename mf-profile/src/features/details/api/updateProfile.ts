import { api, type RequestOf } from '@dash/shared-core';
import { useMutation } from '@tanstack/react-query';

export function updateProfile(request: RequestOf<'profileUpdate'>) {
  return api.call('profileUpdate', request);
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
