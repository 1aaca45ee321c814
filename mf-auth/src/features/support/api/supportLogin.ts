import { api } from '@dash/shared-core';

/** POST /api/support-login: consumes a support link's token (single use). Silent: the page shows errors. */
export function supportLogin(token: string) {
  return api.call('supportLogin', { token }, { silent: true });
}
