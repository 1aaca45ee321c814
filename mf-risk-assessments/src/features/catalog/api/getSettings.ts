import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

export function getSettings(uuid: string, signal?: AbortSignal) {
  return api.call('riskAssessmentSettings', { uuid }, { signal });
}

export function settingsQueryKey(uuid: string) {
  return ['riskAssessmentSettings', uuid] as const;
}

export function useSettings(uuid: string) {
  return useQuery({ queryKey: settingsQueryKey(uuid), queryFn: ({ signal }) => getSettings(uuid, signal) });
}
