import { clientIdentifier as clientIdentifierRule, identifier as identifierRule } from '@dash/shared-core';
import { FormError, inlineErrorText, Link, TextField, useForm, useParams } from '@dash/shared-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_ROUTES } from '../../../routes';
import { createPasswordResetToken } from '../api/createPasswordResetToken';
import { licenseeCreatePasswordResetToken } from '../api/licenseeCreatePasswordResetToken';
import '../../login/components/login.css';

/**
 * Whose password is forgotten: a client's member (company ID, /auth/forgot-password/{clientId}) or a licensee's staff
 * member (licensee ID, /auth/licensee/forgot-password). The same page and rules: a reset link by mail, and never a
 * word on whether the account exists.
 */
type Audience = 'member' | 'licensee';

const AUDIENCES = {
  member: {
    identifierLabel: 'login.clientIdentifier',
    subHeadline: 'forgot.subHeadline',
    rule: clientIdentifierRule,
    request: (identifier: string, username: string) =>
      createPasswordResetToken({ clientIdentifier: identifier, username }),
    loginPath: (identifier: string) =>
      identifier ? `${AUTH_ROUTES.login}/${encodeURIComponent(identifier)}` : AUTH_ROUTES.login,
  },
  licensee: {
    identifierLabel: 'licensee.licenseeIdentifier',
    subHeadline: 'forgot.licenseeSubHeadline',
    rule: identifierRule,
    request: (identifier: string, username: string) =>
      licenseeCreatePasswordResetToken({ licenseeIdentifier: identifier, username }),
    loginPath: () => AUTH_ROUTES.licenseeLogin,
  },
} as const;

function ForgotPassword({ audience }: { audience: Audience }) {
  const { t } = useTranslation('auth');
  const { clientId = '' } = useParams();
  const [sent, setSent] = useState(false);
  const kind = AUDIENCES[audience];
  const form = useForm({
    // The sign-in page links with "-" when no company ID is known yet.
    initialValues: { identifier: clientId === '-' ? '' : clientId, username: '' },
    fields: { identifier: { required: true, rules: [kind.rule] }, username: { required: true } },
    send: async (values) => {
      await kind.request(values.identifier, values.username);
      setSent(true);
    },
    errorText: (caught) => inlineErrorText(t, caught),
  });

  return (
    <div className="auth-login" data-testid={`forgot-password-${audience}`}>
      <h1>{t('forgot.headline')}</h1>
      <p className="auth-login__sub">{t(kind.subHeadline)}</p>
      <FormError error={form.error} testId="forgot-error" />
      {sent ? (
        <div className="ui-alert" role="status" data-testid="forgot-sent">
          {t('forgot.sent')}
        </div>
      ) : (
        <form onSubmit={form.onSubmit} noValidate>
          <TextField
            label={t(kind.identifierLabel)}
            {...form.field('identifier')}
            name={audience === 'licensee' ? 'licenseeIdentifier' : 'clientIdentifier'}
            lowercase
            maxLength={64}
            autoComplete="organization"
          />
          <TextField
            label={t('login.username')}
            {...form.field('username')}
            lowercase
            maxLength={254}
            autoComplete="username"
          />
          <button type="submit" className="ui-button auth-login__submit" disabled={form.busy}>
            {t('forgot.submit')}
          </button>
        </form>
      )}
      <p>
        <Link to={kind.loginPath(form.values.identifier)}>{t('forgot.backToLogin')}</Link>
      </p>
    </div>
  );
}

/** /auth/forgot-password/{clientId}: a client's member. */
export default function ForgotPasswordPage() {
  return <ForgotPassword audience="member" />;
}

/** /auth/licensee/forgot-password: licensee staff. */
export function LicenseeForgotPasswordPage() {
  return <ForgotPassword audience="licensee" />;
}
