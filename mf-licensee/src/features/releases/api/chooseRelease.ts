import { api, type LicenseeReleaseChoose } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { releasesQuery } from './getReleases';

/** A release id, `bundled`, or null to remove the choice (the next level's applies). */
export function chooseRelease(choice: LicenseeReleaseChoose) {
  // The card shows the code's message itself (Release.NotFound, Release.Incompatible).
  return api.call('licenseeReleaseChoose', choice, { silent: true });
}

export function useChooseRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseRelease,
    onSuccess: (answer, choice) => {
      queryClient.setQueryData(releasesQuery(choice.clientUuid).queryKey, answer);
      // The clients' pages show what they inherit from the licensee's choice.
      if (choice.clientUuid === null) void queryClient.invalidateQueries({ queryKey: ['licenseeReleases'] });
    },
  });
}
