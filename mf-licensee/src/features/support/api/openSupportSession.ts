import { api, type LicenseeSupportOpenRequest } from '@dash/shared-core';
import { useMutation } from '@tanstack/react-query';

/** Opens the client in support mode: the answer's link signs the browser in to the client's dashboard. */
export function openSupportSession(request: LicenseeSupportOpenRequest) {
  return api.call('licenseeSupportOpen', request);
}

export function useOpenSupportSession() {
  return useMutation({ mutationFn: openSupportSession });
}
