import { password as passwordRule } from '@dash/shared-core';
import { allValid, TextField, useNavigate, useParams, useSessionStore } from '@dash/shared-ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { START_PAGE } from '../../../routes';
import { resetPassword } from '../api/resetPassword';
import { errorMessage } from './errorMessage';
import '../../login/components/login.css';

/** Set or reset password, reached from a reset mail or a welcome mail: sets the password and signs in. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const reload = useSessionStore((state) => state.reload);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mismatch = confirmation !== '' && confirmation !== password;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setError(null);
    const valid = allValid([
      { value: password, required: true, rules: [passwordRule] },
      { value: confirmation, required: true },
    ]);
    if (!valid || mismatch) return;
    setBusy(true);
    try {
      await resetPassword({ token, password, passwordConfirmation: confirmation });
      await reload();
      navigate(START_PAGE, { replace: true });
    } catch (caught) {
      setError(errorMessage(t, caught));
      setBusy(false);
    }
  }

  return (
    <div className="auth-login">
      <h1>{t('reset.headline')}</h1>
      <p className="auth-login__sub">{t('reset.subHeadline')}</p>
      {error && (
        <div className="ui-alert ui-alert--danger" role="alert" data-testid="reset-error">
          {error}
        </div>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('reset.password')}
          type="password"
          value={password}
          onChange={setPassword}
          required
          maxLength={200}
          rules={[passwordRule]}
          showErrors={submitted}
          autoComplete="new-password"
          name="password"
        />
        <TextField
          label={t('reset.passwordConfirmation')}
          type="password"
          value={confirmation}
          onChange={setConfirmation}
          required
          maxLength={200}
          showErrors={submitted}
          autoComplete="new-password"
          name="passwordConfirmation"
        />
        {mismatch && (submitted || confirmation.length >= password.length) && (
          <p className="ui-field__error" role="alert" data-testid="reset-mismatch">
            {t('reset.mismatch')}
          </p>
        )}
        <button type="submit" className="ui-button auth-login__submit" disabled={busy}>
          {t('reset.submit')}
        </button>
      </form>
    </div>
  );
}
