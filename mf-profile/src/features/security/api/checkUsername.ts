import { api, username as usernameRule } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** Spec section 5: the uniqueness check runs after a 250 ms pause in typing. */
export const CHECK_USERNAME_DELAY_MS = 250;

export function checkUsername(username: string, signal?: AbortSignal) {
  return api.call('profileCheckUsername', { username }, { signal, silent: true });
}

/** Whether `username` is taken (undefined while typing, checking, or when the name is not valid anyway). */
export function useUsernameExists(username: string): boolean | undefined {
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(username), CHECK_USERNAME_DELAY_MS);
    return () => clearTimeout(timer);
  }, [username]);
  const enabled = settled === username && username.length >= 3 && usernameRule(username) === null;
  const query = useQuery({
    queryKey: ['profile', 'check-username', settled],
    queryFn: ({ signal }) => checkUsername(settled, signal),
    enabled,
    staleTime: 0,
  });
  return enabled ? query.data?.usernameExists : undefined;
}
