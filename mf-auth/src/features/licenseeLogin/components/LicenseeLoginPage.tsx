import { identifier as identifierRule, LICENSEE_START_PAGE } from '@dash/shared-core';
import {
  FormError,
  Link,
  Navigate,
  TextField,
  useHomePage,
  useNavigate,
  useSearchParams,
  useSessionStore,
} from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';
import { SignInPasswordAndSubmit, useSignInForm } from '../../login/useSignInForm';
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
  const { form, password, onSubmit } = useSignInForm({
    audience: 'licensee',
    initialValues: { licenseeIdentifier: '', username: '', password: '' },
    fields: {
      licenseeIdentifier: { required: true, rules: [identifierRule] },
      username: { required: true },
      password: { required: true },
    },
    signIn: licenseeLogin,
    signedIn: async () => {
      await reload('licensee');
      navigate(safeReturnUrl(searchParams.get('returnUrl')), { replace: true });
    },
  });

  // Signed in already (either kind): that session's home page.
  if (status === 'authenticated' && !form.busy) return <Navigate to={home} replace />;

  return (
    <div className="auth-login" data-testid="licensee-login">
      <h1>{t('licensee.headline')}</h1>
      <p className="auth-login__sub">{t('licensee.subHeadline')}</p>
      <FormError error={form.error} testId="login-error" />
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={t('licensee.licenseeIdentifier')}
          {...form.field('licenseeIdentifier')}
          lowercase
          autoComplete="organization"
        />
        <TextField label={t('login.username')} {...form.field('username')} lowercase autoComplete="username" />
        <SignInPasswordAndSubmit password={password} />
      </form>
      <p className="auth-login__forgot">
        <Link to="/auth/licensee/forgot-password" data-testid="forgot-password-link">
          {t('login.forgotPassword')}
        </Link>
      </p>
      <p className="auth-login__forgot">
        <Link to="/auth/login">{t('licensee.memberLogin')}</Link>
      </p>
    </div>
  );
}
