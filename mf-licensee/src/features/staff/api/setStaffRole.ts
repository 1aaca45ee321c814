import { api, type LicenseeStaffSetRoleRequest } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Licensee admin or support adviser; the server keeps an active licensee admin (Staff.LastAdmin). */
export function setStaffRole(request: LicenseeStaffSetRoleRequest) {
  return api.call('licenseeStaffSetRole', request);
}

export function useSetStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStaffRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['licenseeStaffList'] }),
  });
}
