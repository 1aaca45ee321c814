import { api, username as usernameRule } from '@dash/shared-core';
import { useDebouncedValue } from '@dash/shared-ui';
import { useQuery } from '@tanstack/react-query';

export function checkUsername(username: string, signal?: AbortSignal) {
  return api.call('profileCheckUsername', { username }, { signal, silent: true });
}

/**
 * Whether `username` is taken (undefined while typing, checking, or when the name is not valid anyway). Spec
 * section 5: the uniqueness check runs after the typeahead pause.
 */
export function useUsernameExists(username: string): boolean | undefined {
  const settled = useDebouncedValue(username);
  const enabled = settled === username && username.length >= 3 && usernameRule(username) === null;
  const query = useQuery({
    queryKey: ['profile', 'check-username', settled],
    queryFn: ({ signal }) => checkUsername(settled, signal),
    enabled,
    staleTime: 0,
  });
  return enabled ? query.data?.usernameExists : undefined;
}
