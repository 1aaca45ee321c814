import { readFileSync } from 'node:fs';
import { ApiError, i18n } from '@dash/shared-core';
import { useSessionStore, useToastStore } from '@dash/shared-ui';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handleApiError } from './handleApiError';

const german = JSON.parse(
  readFileSync(new URL('../../../shared-core/src/i18n/locales/de_DE.json', import.meta.url), 'utf8'),
);

const english = JSON.parse(
  readFileSync(new URL('../../../shared-core/src/i18n/locales/en_GB.json', import.meta.url), 'utf8'),
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

  it('shows the internal-error text for a 500 or 502 even when its body carries a code that has a message', () => {
    useSessionStore.setState({ status: 'authenticated' });
    // The codes have texts of their own: the status decides, not the code.
    expect(german.errors.codes['Member.InvalidPhone']).not.toBe(german.errors.http['500']);
    expect(german.errors.codes['Member.NotFound']).not.toBe(german.errors.http['500']);
    for (const [status, code] of [
      [500, 'Member.InvalidPhone'],
      [500, 'Member.NotFound'],
      [502, 'Member.InvalidPhone'],
      [502, undefined],
    ] as const) {
      handleApiError(new ApiError(status, code, 'memberList'));
      expect(`${status} ${code}: ${lastToast()?.message}`).toBe(`${status} ${code}: ${german.errors.http['500']}`);
    }
    // The same codes in a 400 show their own texts (so the check above can tell the difference).
    handleApiError(new ApiError(400, 'Member.InvalidPhone', 'memberList'));
    expect(lastToast()?.message).toBe(german.errors.codes['Member.InvalidPhone']);
  });

  it('shows the request id for support under the message when the answer named it (X-Request-Id)', async () => {
    useSessionStore.setState({ status: 'authenticated' });
    handleApiError(new ApiError(500, 'Generic.InternalError', 'memberList', '3f2b7c1e-0000-4000-8000-000000000001'));
    expect(lastToast()?.message).toBe(german.errors.http['500']);
    expect(lastToast()?.detail).toBe('Fehler-ID: 3f2b7c1e-0000-4000-8000-000000000001');
    useToastStore.setState({ toasts: [] });
    handleApiError(new ApiError(502, undefined, 'memberList', 'lb-4711-abcdef'));
    expect(lastToast()?.detail).toBe('Fehler-ID: lb-4711-abcdef');
    // No header (the network failed, or a proxy answered): no id line.
    useToastStore.setState({ toasts: [] });
    handleApiError(new ApiError(0, undefined, 'memberList'));
    expect(lastToast()?.detail).toBeUndefined();
    await i18n.changeLanguage('en_GB');
    try {
      i18n.addResourceBundle('en_GB', 'common', english);
      useToastStore.setState({ toasts: [] });
      handleApiError(new ApiError(500, undefined, 'memberList', 'abc-12345678'));
      expect(lastToast()?.detail).toBe('Error ID: abc-12345678');
    } finally {
      await i18n.changeLanguage('de_DE');
    }
  });

  it('shows the generic network toast for a 503 Database.Unavailable (the database is gone for a moment)', () => {
    useSessionStore.setState({ status: 'authenticated' });
    handleApiError(new ApiError(503, 'Database.Unavailable', 'memberList'));
    expect(lastToast()).toMatchObject({
      type: 'danger',
      title: german.toast.errorTitle,
      message: german.errors.http['0'],
    });
    // A 503 keeps the member signed in: only a 401 signs out.
    expect(useSessionStore.getState().status).toBe('authenticated');
  });
});
