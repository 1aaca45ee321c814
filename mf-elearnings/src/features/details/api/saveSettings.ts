import { api, type ElearningSaveSettingsRequest } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function saveSettings(request: ElearningSaveSettingsRequest) {
  return api.call('elearningSaveSettings', request);
}

/** Saving moves tasks: the e-learning's details, assignments and statistics are read again. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved, request) => {
      client.setQueryData(['elearningSettings', request.uuid], saved);
      void client.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('elearning') });
    },
  });
}
