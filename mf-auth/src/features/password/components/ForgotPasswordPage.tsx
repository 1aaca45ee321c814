import { clientIdentifier as clientIdentifierRule } from '@dash/shared-core';
import { allValid, Link, TextField, useParams } from '@dash/shared-ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createPasswordResetToken } from '../api/createPasswordResetToken';
import { errorMessage } from './errorMessage';
import '../../login/components/login.css';

/** /auth/forgot-password/{clientId}: asks for the username and mails a reset link (never says whether it exists). */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const { clientId = '' } = useParams();
  // The sign-in page links with "-" when no company ID is known yet.
  const [clientIdentifier, setClientIdentifier] = useState(clientId === '-' ? '' : clientId);
  const [username, setUsername] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setError(null);
    const fields = [
      { value: clientIdentifier, required: true, rules: [clientIdentifierRule] },
      { value: username, required: true },
    ];
    if (!allValid(fields)) return;
    setBusy(true);
    try {
      await createPasswordResetToken({ clientIdentifier, username });
      setSent(true);
    } catch (caught) {
      setError(errorMessage(t, caught));
    } finally {
      setBusy(false);
    }
  }

  const loginPath = clientIdentifier ? `/auth/login/${encodeURIComponent(clientIdentifier)}` : '/auth/login';
  return (
    <div className="auth-login">
      <h1>{t('forgot.headline')}</h1>
      <p className="auth-login__sub">{t('forgot.subHeadline')}</p>
      {error && (
        <div className="ui-alert ui-alert--danger" role="alert" data-testid="forgot-error">
          {error}
        </div>
      )}
      {sent ? (
        <div className="ui-alert" role="status" data-testid="forgot-sent">
          {t('forgot.sent')}
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <TextField
            label={t('login.clientIdentifier')}
            value={clientIdentifier}
            onChange={setClientIdentifier}
            required
            lowercase
            maxLength={64}
            rules={[clientIdentifierRule]}
            showErrors={submitted}
            autoComplete="organization"
            name="clientIdentifier"
          />
          <TextField
            label={t('login.username')}
            value={username}
            onChange={setUsername}
            required
            lowercase
            maxLength={254}
            showErrors={submitted}
            autoComplete="username"
            name="username"
          />
          <button type="submit" className="ui-button auth-login__submit" disabled={busy}>
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
