import { api } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function deleteTemplate(uuid: string) {
  return api.call('templateDelete', { uuid });
}

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => client.invalidateQueries({ queryKey: ['templateList'] }),
  });
}
