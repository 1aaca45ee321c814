import { api, type ElearningSavePackageRequest } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { packageQueryKey } from './getPackage';

export function savePackage(body: ElearningSavePackageRequest) {
  return api.call('elearningSavePackage', body);
}

export function useSavePackage(elearningUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePackage,
    onSuccess: (saved) => queryClient.setQueryData(packageQueryKey(elearningUuid), { package: saved }),
  });
}
