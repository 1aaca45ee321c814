import { api, type RiskAssessmentSaveSettingsRequest } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function saveSettings(request: RiskAssessmentSaveSettingsRequest) {
  return api.call('riskAssessmentSaveSettings', request, { silent: true });
}

/** Creates or changes a risk assessment; the catalogue, its details and the settings are read again. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['riskAssessmentCatalog'] });
      void client.invalidateQueries({ queryKey: ['riskAssessmentDetails'] });
      void client.invalidateQueries({ queryKey: ['riskAssessmentSettings'] });
    },
  });
}
