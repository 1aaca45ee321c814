import { api } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearMemberListCache } from './getMemberList';

export function updateAssignments(body: { uuid: string; orgUnitUuids: string[]; locationUuids: string[] }) {
  return api.call('memberUpdateAssignments', body);
}

export function useUpdateAssignments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAssignments,
    onSuccess: (_answer, body) => {
      // The list filters by org unit and location; the units' and locations' member counts change too.
      clearMemberListCache(queryClient);
      for (const queryKey of [
        ['memberDetails', body.uuid],
        ['memberOrgUnits', body.uuid],
        ['memberHistory', body.uuid],
        ['orgUnits'],
        ['locations'],
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
