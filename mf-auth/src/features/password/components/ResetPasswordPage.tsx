import { START_PAGE } from '@dash/shared-core';
import { FormError, inlineErrorText, useForm, useNavigate, useParams, useSessionStore } from '@dash/shared-ui';
import { NewPasswordFields, newPasswordRules } from '@dash/shared-ui/password-fields';
import { useTranslation } from 'react-i18next';
import { resetPassword } from '../api/resetPassword';
import '../../login/components/login.css';

/** Set or reset password, reached from a reset mail or a welcome mail: sets the password and signs in. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const reload = useSessionStore((state) => state.reload);
  const passwordRules = newPasswordRules({ newPassword: () => form.values.password });
  const form = useForm({
    initialValues: { password: '', passwordConfirmation: '' },
    fields: { password: passwordRules.newPassword, passwordConfirmation: passwordRules.repeat },
    send: async ({ password, passwordConfirmation }) => {
      await resetPassword({ token, password, passwordConfirmation });
      await reload('member');
      navigate(START_PAGE, { replace: true });
    },
    errorText: (caught) => inlineErrorText(t, caught),
  });

  return (
    <div className="auth-login">
      <h1>{t('reset.headline')}</h1>
      <p className="auth-login__sub">{t('reset.subHeadline')}</p>
      <FormError error={form.error} testId="reset-error" />
      <form onSubmit={form.onSubmit} noValidate>
        <NewPasswordFields
          newPassword={form.field('password')}
          repeat={form.field('passwordConfirmation')}
          newPasswordLabel={t('reset.password')}
          repeatLabel={t('reset.passwordConfirmation')}
        />
        <button type="submit" className="ui-button auth-login__submit" disabled={form.busy}>
          {t('reset.submit')}
        </button>
      </form>
    </div>
  );
}
