// @vitest-environment jsdom
import { ApiError, i18n } from '@dash/shared-core';
import { useSessionStore, useToastStore } from '@dash/shared-ui';
import { beforeAll, expect, it } from 'vitest';
import german from '../../../shared-core/src/i18n/locales/de_DE.json';
import { beginSigningOut } from '../session/signingOut';
import { handleApiError } from './handleApiError';

beforeAll(async () => {
  await i18n.init({ lng: 'de_DE', resources: { de_DE: { common: german } }, defaultNS: 'common' });
});

it('a 401 of a call under way while signing out sends nobody to a returnUrl and says nothing', () => {
  useToastStore.setState({ toasts: [] });
  useSessionStore.setState({ status: 'authenticated' });
  window.history.replaceState(null, '', '/dashboard/company/members/list?page=2');
  beginSigningOut();
  handleApiError(new ApiError(401, 'Auth.Unauthorized', 'memberList'));
  expect(window.location.pathname).toBe('/dashboard/company/members/list');
  expect(useToastStore.getState().toasts).toEqual([]);
});
