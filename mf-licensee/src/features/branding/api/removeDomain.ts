import { api } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandingQuery } from './getBranding';
import { domainsQuery } from './getDomains';

export function removeDomain(hostName: string) {
  // The domain list shows the code's message itself (Domain.Mismatch, Domain.NotFound).
  return api.call('licenseeDomainRemove', { hostName }, { silent: true });
}

export function useRemoveDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDomain,
    onSuccess: async (domains) => {
      queryClient.setQueryData(domainsQuery.queryKey, domains);
      await queryClient.invalidateQueries({ queryKey: brandingQuery.queryKey });
    },
  });
}
