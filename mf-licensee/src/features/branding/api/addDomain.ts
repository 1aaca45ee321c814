import { api } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandingQuery } from './getBranding';
import { domainsQuery } from './getDomains';

export function addDomain(hostName: string) {
  // The domain form shows the code's message itself (Domain.Exists, Domain.Invalid).
  return api.call('licenseeDomainAdd', { hostName }, { silent: true });
}

export function useAddDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDomain,
    onSuccess: async (domains) => {
      queryClient.setQueryData(domainsQuery.queryKey, domains);
      // The branding page's introduction names the host names.
      await queryClient.invalidateQueries({ queryKey: brandingQuery.queryKey });
    },
  });
}
