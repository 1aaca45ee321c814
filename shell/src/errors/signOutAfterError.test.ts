// @vitest-environment jsdom
import { ApiError, i18n } from '@dash/shared-core';
import { useSessionStore, useToastStore } from '@dash/shared-ui';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import german from '../../../shared-core/src/i18n/locales/de_DE.json';
import { handleApiError } from './handleApiError';

describe('a 401 while signed in (spec section 8)', () => {
  beforeAll(async () => {
    await i18n.init({ lng: 'de_DE', resources: { de_DE: { common: german } }, defaultNS: 'common' });
  });
  beforeEach(() => {
    useToastStore.setState({ toasts: [] });
    useSessionStore.setState({ status: 'authenticated' });
  });

  it('says the session expired, signs out and goes to the sign-in page with the returnUrl', () => {
    window.history.replaceState(null, '', '/dashboard/company/members/list?page=2');
    handleApiError(new ApiError(401, 'Auth.Unauthorized', 'memberList'));
    expect(useToastStore.getState().toasts.at(-1)?.message).toBe(german.errors.session.expired);
    expect(useSessionStore.getState().status).toBe('anonymous');
    expect(window.location.pathname).toBe('/auth/login');
    expect(new URLSearchParams(window.location.search).get('returnUrl')).toBe('/dashboard/company/members/list?page=2');
  });

  it('sends licensee staff to the licensee sign-in page, with the returnUrl', () => {
    useSessionStore.setState({
      status: 'authenticated',
      access: { audience: 'licensee', permissions: [], featureFlags: {}, externalCalendarHref: null },
    });
    window.history.replaceState(null, '', '/dashboard/licensee/clients?page=2');
    handleApiError(new ApiError(401, 'Auth.Unauthorized', 'licenseeClientList'));
    expect(useSessionStore.getState().status).toBe('anonymous');
    expect(window.location.pathname).toBe('/auth/licensee');
    expect(new URLSearchParams(window.location.search).get('returnUrl')).toBe('/dashboard/licensee/clients?page=2');
  });

  it('stays on a sign-in page (no redirect over it)', () => {
    window.history.replaceState(null, '', '/auth/login/acme');
    handleApiError(new ApiError(401, 'Auth.Unauthorized', 'memberState'));
    expect(useToastStore.getState().toasts).toHaveLength(1);
    expect(useSessionStore.getState().status).toBe('anonymous');
    expect(window.location.pathname).toBe('/auth/login/acme');
    expect(window.location.search).toBe('');
  });

  it('does not sign out on other errors', () => {
    window.history.replaceState(null, '', '/dashboard/start/overview');
    for (const status of [403, 404, 500, 502, 0]) handleApiError(new ApiError(status, undefined, 'memberList'));
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([
      german.errors.http['403'],
      german.errors.http['404'],
      german.errors.http['500'],
      german.errors.http['0'],
    ]);
    expect(useSessionStore.getState().status).toBe('authenticated');
    expect(window.location.pathname).toBe('/dashboard/start/overview');
  });
});
