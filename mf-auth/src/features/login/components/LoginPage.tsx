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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { login } from '../api/login';
import { ssoStartHref, useSsoOptions } from '../api/ssoOptions';
import { SignInPasswordAndSubmit, useSignInForm } from '../useSignInForm';
import { SsoFailure, SsoSignIn } from './SsoSignIn';
import './login.css';

/** Only paths inside the dashboard are followed after sign-in (no open redirect). */
function safeReturnUrl(value: string | null): string {
  return value && /^\/dashboard(\/|$|\?)/.test(value) ? value : START_PAGE;
}

function RememberBox({ remember, setRemember }: { remember: boolean; setRemember: (value: boolean) => void }) {
  const { t } = useTranslation('auth');
  return (
    <div className="auth-login__remember">
      <input
        id="remember-client"
        type="checkbox"
        checked={remember}
        onChange={(event) => setRemember(event.target.checked)}
      />
      <label htmlFor="remember-client">{t('login.remember')}</label>
    </div>
  );
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
  const sso = useSsoOptions(clientIdentifier);
  // A company that signs in through its provider only: the password form stays folded away (its super-admins' way
  // back in when the provider fails).
  const [passwordWanted, setPasswordWanted] = useState(false);
  const passwordForm = sso.loginMode !== 'sso' || passwordWanted;

  if (status === 'authenticated' && !form.busy)
    return <Navigate to={licenseeSignedIn ? home : safeReturnUrl(searchParams.get('returnUrl'))} replace />;

  return (
    <div className="auth-login">
      <h1>{t('login.headline')}</h1>
      <p className="auth-login__sub">{t('login.subHeadline')}</p>
      <FormError error={form.error} testId="login-error" />
      <SsoFailure code={searchParams.get('sso')} />
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
        {sso.loginMode !== 'password' && sso.providerName && (
          <SsoSignIn
            providerName={sso.providerName}
            href={ssoStartHref(clientIdentifier, searchParams.get('returnUrl'))}
            onLeave={() => rememberCompany(remember ? clientIdentifier.trim().toLowerCase() : null)}
            passwordOffered={passwordForm}
            onPasswordWanted={sso.loginMode === 'sso' && !passwordWanted ? () => setPasswordWanted(true) : null}
          />
        )}
        {passwordForm && (
          <TextField label={t('login.username')} {...form.field('username')} lowercase autoComplete="username" />
        )}
        {passwordForm ? (
          <SignInPasswordAndSubmit password={password}>
            <RememberBox remember={remember} setRemember={setRemember} />
          </SignInPasswordAndSubmit>
        ) : (
          <RememberBox remember={remember} setRemember={setRemember} />
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
