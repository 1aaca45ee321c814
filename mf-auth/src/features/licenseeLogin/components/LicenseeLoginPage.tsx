import { identifier as identifierRule, LICENSEE_START_PAGE } from '@dash/shared-core';
import {
  FormError,
  Link,
  Navigate,
  TextField,
  useForm,
  useHomePage,
  useNavigate,
  useSearchParams,
  useSessionStore,
} from '@dash/shared-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginErrorText } from '../../login/loginErrorText';
import { licenseeLogin } from '../api/licenseeLogin';
import '../../login/components/login.css';

/** Only pages of the licensee console are followed after sign-in (no open redirect). */
function safeReturnUrl(value: string | null): string {
  return value && /^\/dashboard\/licensee(\/|$|\?)/.test(value) ? value : LICENSEE_START_PAGE;
}

/**
 * /auth/licensee: sign-in of a licensee's staff (licensee console), with the licensee's ID instead of a company ID.
 * The same rules as the members' sign-in: the password leaves the browser as its SHA-256, emptied after a failure.
 */
export default function LicenseeLoginPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const status = useSessionStore((state) => state.status);
  const home = useHomePage();
  const reload = useSessionStore((state) => state.reload);
  const [failedAttempts, setFailedAttempts] = useState(0);
  const [passwordCleared, setPasswordCleared] = useState(false);
  const form = useForm({
    initialValues: { licenseeIdentifier: '', username: '', password: '' },
    fields: {
      licenseeIdentifier: { required: true, rules: [identifierRule] },
      username: { required: true },
      password: { required: true },
    },
    send: async (values) => {
      try {
        await licenseeLogin(values);
      } catch (caught) {
        form.set('password')('');
        setPasswordCleared(true);
        setFailedAttempts((count) => count + 1);
        throw caught;
      }
      await reload('licensee');
      navigate(safeReturnUrl(searchParams.get('returnUrl')), { replace: true });
    },
    errorText: (caught) => loginErrorText(t, caught, 'licensee'),
  });

  // Signed in already (either kind): that session's home page.
  if (status === 'authenticated' && !form.busy) return <Navigate to={home} replace />;

  return (
    <div className="auth-login" data-testid="licensee-login">
      <h1>{t('licensee.headline')}</h1>
      <p className="auth-login__sub">{t('licensee.subHeadline')}</p>
      <FormError error={form.error} testId="login-error" />
      <form
        onSubmit={(event) => {
          setPasswordCleared(false);
          form.onSubmit(event);
        }}
        noValidate
      >
        <TextField
          label={t('licensee.licenseeIdentifier')}
          {...form.field('licenseeIdentifier')}
          lowercase
          autoComplete="organization"
        />
        <TextField label={t('login.username')} {...form.field('username')} lowercase autoComplete="username" />
        <TextField
          key={failedAttempts}
          label={t('login.password')}
          type="password"
          {...form.field('password')}
          showErrors={form.submitted && !passwordCleared}
          autoComplete="current-password"
        />
        <button type="submit" className="ui-button auth-login__submit" disabled={form.busy}>
          {form.busy ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
      <p className="auth-login__forgot">
        <Link to="/auth/login">{t('licensee.memberLogin')}</Link>
      </p>
    </div>
  );
}
