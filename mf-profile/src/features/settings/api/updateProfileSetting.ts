import { api, type RequestOf } from '@dash/shared-core';
import { useMutation } from '@tanstack/react-query';

export function updateProfileSetting(request: RequestOf<'profileUpdateSetting'>) {
  return api.call('profileUpdateSetting', request);
}

export function useUpdateProfileSetting() {
  return useMutation({ mutationFn: updateProfileSetting });
}
