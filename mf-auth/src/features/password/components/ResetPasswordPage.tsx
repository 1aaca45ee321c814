import { LICENSEE_START_PAGE, START_PAGE } from '@dash/shared-core';
import { FormError, inlineErrorText, useForm, useNavigate, useParams, useSessionStore } from '@dash/shared-ui';
import { NewPasswordFields, newPasswordRules } from '@dash/shared-ui/password-fields';
import { useTranslation } from 'react-i18next';
import { licenseeResetPassword } from '../api/licenseeResetPassword';
import { resetPassword } from '../api/resetPassword';
import '../../login/components/login.css';

/** Whose password the link sets: a member's (signs in to the dashboard) or a licensee staff member's (the console). */
const AUDIENCES = {
  member: { call: resetPassword, start: START_PAGE },
  licensee: { call: licenseeResetPassword, start: LICENSEE_START_PAGE },
} as const;

/** Set or reset password, reached from a reset mail or a welcome mail: sets the password and signs in. */
function ResetPassword({ audience }: { audience: keyof typeof AUDIENCES }) {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const reload = useSessionStore((state) => state.reload);
  const passwordRules = newPasswordRules({ newPassword: () => form.values.password });
  const form = useForm({
    initialValues: { password: '', passwordConfirmation: '' },
    fields: { password: passwordRules.newPassword, passwordConfirmation: passwordRules.repeat },
    send: async ({ password, passwordConfirmation }) => {
      await AUDIENCES[audience].call({ token, password, passwordConfirmation });
      await reload(audience);
      navigate(AUDIENCES[audience].start, { replace: true });
    },
    errorText: (caught) => inlineErrorText(t, caught),
  });

  return (
    <div className="auth-login" data-testid={`reset-password-${audience}`}>
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

/** /auth/reset-password/{token}: a client's member. */
export default function ResetPasswordPage() {
  return <ResetPassword audience="member" />;
}

/** /auth/licensee/reset-password/{token}: licensee staff (the welcome mail of a new staff member, or a reset). */
export function LicenseeResetPasswordPage() {
  return <ResetPassword audience="licensee" />;
}
