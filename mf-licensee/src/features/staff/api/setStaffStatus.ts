import { api, type LicenseeStaffSetStatusRequest } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Deactivate (active false: the staff member's sessions end) or reactivate a staff member. */
export function setStaffStatus(request: LicenseeStaffSetStatusRequest) {
  return api.call('licenseeStaffSetStatus', request);
}

export function useSetStaffStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStaffStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['licenseeStaffList'] }),
  });
}
