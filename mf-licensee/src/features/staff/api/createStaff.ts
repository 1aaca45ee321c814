import { api, type LicenseeStaffCreateRequest } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A new staff member; the server mails the welcome link. Silent: the dialog shows the errors itself. */
export function createStaff(request: LicenseeStaffCreateRequest) {
  return api.call('licenseeStaffCreate', request, { silent: true });
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['licenseeStaffList'] }),
  });
}
