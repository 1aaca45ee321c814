import { clientIdentifier as clientIdentifierRule, START_PAGE } from '@dash/shared-core';
import {
  FormError,
  Link,
  Navigate,
  TextField,
  useHomePage,
  useNavigate,
  useParams,
  useSearchParams,
  useSessionStore,
} from '@dash/shared-ui';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { login } from '../api/login';
import { SignInPasswordAndSubmit, useSignInForm } from '../useSignInForm';

// Only for companies with a provider, and after a failed trip to it: a chunk of its own, so that the sign-in page of
// everybody else stays as small as it was.
const ssoPart = () => import('./SsoSignIn');
const SsoSignInArea = lazy(() => ssoPart().then((module) => ({ default: module.SsoSignInArea })));
const SsoFailure = lazy(() => ssoPart().then((module) => ({ default: module.SsoFailure })));

import './login.css';

/** Only paths inside the dashboard are followed after sign-in (no open redirect). */
function safeReturnUrl(value: string | null): string {
  return value && /^\/dashboard(\/|$|\?)/.test(value) ? value : START_PAGE;
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { clientId } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const status = useSessionStore((state) => state.status);
  // Licensee staff signed in already go to their own home (the members' pages are not theirs).
  const licenseeSignedIn = useSessionStore((state) => state.access?.audience === 'licensee');
  const home = useHomePage();
  const reload = useSessionStore((state) => state.reload);
  const rememberCompany = useSessionStore((state) => state.rememberCompany);
  const rememberedCompany = useSessionStore((state) => state.rememberedCompany);
  const preset = clientId ?? rememberedCompany() ?? '';
  const [editingClient, setEditingClient] = useState(preset === '');
  const [remember, setRemember] = useState(true);
  const { form, password, onSubmit } = useSignInForm({
    audience: 'member',
    initialValues: { clientIdentifier: preset, username: '', password: '' },
    fields: {
      clientIdentifier: { required: true, rules: [clientIdentifierRule] },
      username: { required: true },
      password: { required: true },
    },
    signIn: login,
    signedIn: async (values) => {
      rememberCompany(remember ? values.clientIdentifier.trim().toLowerCase() : null);
      await reload('member');
      navigate(safeReturnUrl(searchParams.get('returnUrl')), { replace: true });
    },
  });
  const { clientIdentifier } = form.values;
  // A company that signs in through its provider only: the password form stays folded away (its super-admins' way
  // back in when the provider fails).
  const [ssoOnly, setSsoOnly] = useState(false);
  const [passwordWanted, setPasswordWanted] = useState(false);
  const companyKnown = clientIdentifier.trim() !== '' && clientIdentifierRule(clientIdentifier.trim()) === null;
  const passwordForm = !(ssoOnly && companyKnown) || passwordWanted;

  if (status === 'authenticated' && !form.busy)
    return <Navigate to={licenseeSignedIn ? home : safeReturnUrl(searchParams.get('returnUrl'))} replace />;

  return (
    <div className="auth-login">
      <h1>{t('login.headline')}</h1>
      <p className="auth-login__sub">{t('login.subHeadline')}</p>
      <FormError error={form.error} testId="login-error" />
      {searchParams.get('sso') && (
        <Suspense fallback={null}>
          <SsoFailure code={searchParams.get('sso')} />
        </Suspense>
      )}
      <form onSubmit={onSubmit} noValidate>
        {editingClient ? (
          <TextField
            label={t('login.clientIdentifier')}
            {...form.field('clientIdentifier')}
            lowercase
            autoComplete="organization"
          />
        ) : (
          <div className="ui-field">
            <span className="auth-login__label">{t('login.clientIdentifier')}</span>
            <div className="auth-login__client">
              <strong data-testid="client-identifier">{clientIdentifier}</strong>
              <button type="button" className="ui-button ui-button--link" onClick={() => setEditingClient(true)}>
                {t('login.switchClient')}
              </button>
            </div>
          </div>
        )}
        {companyKnown && (
          <Suspense fallback={null}>
            <SsoSignInArea
              clientIdentifier={clientIdentifier}
              returnUrl={searchParams.get('returnUrl')}
              onLeave={() => rememberCompany(remember ? clientIdentifier.trim().toLowerCase() : null)}
              onSsoOnly={setSsoOnly}
              passwordShown={passwordForm}
              onPasswordWanted={ssoOnly && !passwordWanted ? () => setPasswordWanted(true) : null}
            />
          </Suspense>
        )}
        {passwordForm && (
          <>
            <TextField label={t('login.username')} {...form.field('username')} lowercase autoComplete="username" />
            <SignInPasswordAndSubmit password={password}>
              <div className="auth-login__remember">
                <input
                  id="remember-client"
                  type="checkbox"
                  checked={remember}
                  onChange={(event) => setRemember(event.target.checked)}
                />
                <label htmlFor="remember-client">{t('login.remember')}</label>
              </div>
            </SignInPasswordAndSubmit>
          </>
        )}
      </form>
      <p className="auth-login__forgot">
        <Link
          to={
            clientIdentifierRule(clientIdentifier.trim()) === null && clientIdentifier.trim()
              ? `/auth/forgot-password/${encodeURIComponent(clientIdentifier.trim().toLowerCase())}`
              : '/auth/forgot-password/-'
          }
          data-testid="forgot-password-link"
        >
          {t('login.forgotPassword')}
        </Link>
      </p>
    </div>
  );
}
