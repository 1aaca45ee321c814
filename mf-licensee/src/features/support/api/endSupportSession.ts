import { api, type LicenseeSupportEndRequest } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A licensee admin ends an adviser's running support session: the adviser is signed out of the client at once. */
export function endSupportSession(request: LicenseeSupportEndRequest) {
  return api.call('licenseeSupportEnd', request);
}

export function useEndSupportSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSupportSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['licenseeSupportSessionList'] }),
  });
}
