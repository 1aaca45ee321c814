import { readFileSync } from 'node:fs';
import { ApiError, i18n } from '@dash/shared-core';
import { useSessionStore, useToastStore } from '@dash/shared-ui';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handleApiError } from './handleApiError';

const german = JSON.parse(
  readFileSync(new URL('../../../shared-core/src/i18n/locales/de_DE.json', import.meta.url), 'utf8'),
);

describe('API errors become toasts (spec section 8)', () => {
  beforeAll(async () => {
    await i18n.init({ lng: 'de_DE', resources: { de_DE: { common: german } }, defaultNS: 'common' });
  });
  beforeEach(() => {
    useToastStore.setState({ toasts: [] });
    useSessionStore.setState({ status: 'anonymous', memberState: null });
  });

  const lastToast = () => useToastStore.getState().toasts.at(-1);

  it('uses the login-specific texts for 401 and 403 when nobody is signed in', () => {
    handleApiError(new ApiError(401, 'Auth.Unauthorized', 'memberState'));
    expect(lastToast()?.message).toBe(german.errors.login['401']);
    handleApiError(new ApiError(403, 'Auth.Forbidden', 'memberState'));
    expect(lastToast()?.message).toBe(german.errors.login['403']);
  });

  it('uses the status texts while signed in and the code text for a 400', () => {
    useSessionStore.setState({ status: 'authenticated' });
    handleApiError(new ApiError(403, 'Auth.Forbidden', 'memberList'));
    expect(lastToast()?.message).toBe(german.errors.http['403']);
    handleApiError(new ApiError(404, 'Member.NotFound', 'memberDetails'));
    expect(lastToast()?.message).toBe(german.errors.http['404']);
    handleApiError(new ApiError(400, 'Member.InvalidPhone', 'profileUpdate'));
    expect(lastToast()?.message).toBe(german.errors.codes['Member.InvalidPhone']);
    handleApiError(new ApiError(0, undefined, 'memberList'));
    expect(lastToast()?.message).toBe(german.errors.http['0']);
    expect(lastToast()?.type).toBe('danger');
    expect(lastToast()?.title).toBe(german.toast.errorTitle);
  });
});
