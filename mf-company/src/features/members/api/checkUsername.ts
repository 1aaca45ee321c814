import { api } from '@dash/shared-core';

/** Whether a username is taken in the client; the edited member's own name is not. */
export async function checkUsername(username: string, memberUuid?: string, signal?: AbortSignal): Promise<boolean> {
  const answer = await api.call('memberCheckUsername', { username, memberUuid }, { signal, silent: true });
  return answer.usernameExists;
}
