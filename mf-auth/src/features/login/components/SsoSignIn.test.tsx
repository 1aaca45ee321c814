// @vitest-environment jsdom
import { i18n } from '@dash/shared-core';
import { SSO_SIGN_IN_FAILURES } from '@dash/shared-core/calls';
import { initTestI18n } from '@dash/shared-ui/test/i18n';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import auth_en from '../../../i18n/en_GB.json';
import { SsoFailure } from './SsoSignIn';

beforeAll(async () => {
  await initTestI18n();
  i18n.addResourceBundle('en_GB', 'auth', auth_en);
});
afterEach(cleanup);

const show = (code: string | null) =>
  render(
    <I18nextProvider i18n={i18n}>
      <SsoFailure code={code} />
    </I18nextProvider>,
  );

describe('the sign-in page after a trip to the provider (?sso=)', () => {
  it('explains every reason the server sends back, in words of its own', () => {
    for (const code of SSO_SIGN_IN_FAILURES) {
      show(code);
      const text = screen.getByRole('alert').textContent ?? '';
      // A translated sentence, not the code or a missing key.
      expect(text, code).not.toContain(code);
      expect(text.length, code).toBeGreaterThan(20);
      cleanup();
    }
  });

  it('shows nothing for a code it does not know (no text is taken from the address)', () => {
    show('<script>alert(1)</script>');
    expect(screen.queryByRole('alert')).toBeNull();
    show('Auth.Forbidden');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
