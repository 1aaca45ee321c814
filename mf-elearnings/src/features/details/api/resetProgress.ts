import { api, type ElearningResetProgressRequest } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function resetProgress(request: ElearningResetProgressRequest) {
  return api.call('elearningResetProgress', request);
}

export function useResetProgress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetProgress,
    onSuccess: () =>
      client.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('elearning') }),
  });
}
