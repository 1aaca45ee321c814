import { clientIdentifier as clientIdentifierRule } from '@dash/shared-core';
import { FormError, inlineErrorText, Link, TextField, useForm, useParams } from '@dash/shared-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createPasswordResetToken } from '../api/createPasswordResetToken';
import '../../login/components/login.css';

/** /auth/forgot-password/{clientId}: asks for the username and mails a reset link (never says whether it exists). */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const { clientId = '' } = useParams();
  const [sent, setSent] = useState(false);
  const form = useForm({
    // The sign-in page links with "-" when no company ID is known yet.
    initialValues: { clientIdentifier: clientId === '-' ? '' : clientId, username: '' },
    fields: { clientIdentifier: { required: true, rules: [clientIdentifierRule] }, username: { required: true } },
    send: async (values) => {
      await createPasswordResetToken(values);
      setSent(true);
    },
    errorText: (caught) => inlineErrorText(t, caught),
  });
  const { clientIdentifier } = form.values;

  const loginPath = clientIdentifier ? `/auth/login/${encodeURIComponent(clientIdentifier)}` : '/auth/login';
  return (
    <div className="auth-login">
      <h1>{t('forgot.headline')}</h1>
      <p className="auth-login__sub">{t('forgot.subHeadline')}</p>
      <FormError error={form.error} testId="forgot-error" />
      {sent ? (
        <div className="ui-alert" role="status" data-testid="forgot-sent">
          {t('forgot.sent')}
        </div>
      ) : (
        <form onSubmit={form.onSubmit} noValidate>
          <TextField
            label={t('login.clientIdentifier')}
            {...form.field('clientIdentifier')}
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
        <Link to={loginPath}>{t('forgot.backToLogin')}</Link>
      </p>
    </div>
  );
}
