import { password as passwordRule, START_PAGE } from '@dash/shared-core';
import {
  FormError,
  inlineErrorText,
  TextField,
  useForm,
  useNavigate,
  useParams,
  useSessionStore,
} from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';
import { resetPassword } from '../api/resetPassword';
import '../../login/components/login.css';

/** Set or reset password, reached from a reset mail or a welcome mail: sets the password and signs in. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const reload = useSessionStore((state) => state.reload);
  const form = useForm({
    initialValues: { password: '', passwordConfirmation: '' },
    fields: { password: { required: true, rules: [passwordRule] }, passwordConfirmation: { required: true } },
    canSubmit: (values) => values.passwordConfirmation === values.password,
    send: async ({ password, passwordConfirmation }) => {
      await resetPassword({ token, password, passwordConfirmation });
      await reload();
      navigate(START_PAGE, { replace: true });
    },
    errorText: (caught) => inlineErrorText(t, caught),
  });
  const { password, passwordConfirmation } = form.values;
  const mismatch = passwordConfirmation !== '' && passwordConfirmation !== password;

  return (
    <div className="auth-login">
      <h1>{t('reset.headline')}</h1>
      <p className="auth-login__sub">{t('reset.subHeadline')}</p>
      <FormError error={form.error} testId="reset-error" />
      <form onSubmit={form.onSubmit} noValidate>
        <TextField
          label={t('reset.password')}
          type="password"
          {...form.field('password')}
          maxLength={200}
          autoComplete="new-password"
        />
        <TextField
          label={t('reset.passwordConfirmation')}
          type="password"
          {...form.field('passwordConfirmation')}
          maxLength={200}
          autoComplete="new-password"
        />
        {/* Shown once the confirmation is as long as the password, so typing it does not flash an error. */}
        {mismatch && (form.submitted || passwordConfirmation.length >= password.length) && (
          <p className="ui-field__error" role="alert" data-testid="reset-mismatch">
            {t('reset.mismatch')}
          </p>
        )}
        <button type="submit" className="ui-button auth-login__submit" disabled={form.busy}>
          {t('reset.submit')}
        </button>
      </form>
    </div>
  );
}
