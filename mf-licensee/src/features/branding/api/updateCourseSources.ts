import { api } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { courseSourcesQuery } from './getCourseSources';

/** The licensee's own list, or null for the server's default. */
export function updateCourseSources(sources: string[] | null) {
  // The card shows the code's message itself (CourseSources.Invalid, CourseSources.TooMany).
  return api.call('licenseeCourseSourcesUpdate', { sources }, { silent: true });
}

export function useUpdateCourseSources() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCourseSources,
    onSuccess: (answer) => queryClient.setQueryData(courseSourcesQuery.queryKey, answer),
  });
}
