import { api, type RequestOf } from '@dash/shared-core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export function getReminderSetting(signal?: AbortSignal) {
  return api.call('reminderReadSetting', {}, { signal });
}

export function useReminderSetting() {
  return useQuery(
    queryOptions({ queryKey: ['reminderReadSetting'], queryFn: ({ signal }) => getReminderSetting(signal) }),
  );
}

export function updateReminderSetting(request: RequestOf<'reminderUpdateSetting'>) {
  return api.call('reminderUpdateSetting', request);
}

export function useUpdateReminderSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateReminderSetting,
    onSuccess: (saved) => client.setQueryData(['reminderReadSetting'], saved),
  });
}
