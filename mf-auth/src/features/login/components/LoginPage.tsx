import { clientIdentifier as clientIdentifierRule, START_PAGE } from '@dash/shared-core';
import {
  FormError,
  Link,
  Navigate,
  TextField,
  useForm,
  useHomePage,
  useNavigate,
  useParams,
  useSearchParams,
  useSessionStore,
} from '@dash/shared-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { login } from '../api/login';
import { loginErrorText } from '../loginErrorText';
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
  // After a failed sign-in the password is emptied: a new, untouched field (the key) that does not call itself
  // missing until the user submits again or leaves it.
  const [failedAttempts, setFailedAttempts] = useState(0);
  const [passwordCleared, setPasswordCleared] = useState(false);
  const form = useForm({
    initialValues: { clientIdentifier: preset, username: '', password: '' },
    fields: {
      clientIdentifier: { required: true, rules: [clientIdentifierRule] },
      username: { required: true },
      password: { required: true },
    },
    send: async (values) => {
      try {
        await login(values);
      } catch (caught) {
        form.set('password')('');
        setPasswordCleared(true);
        setFailedAttempts((count) => count + 1);
        throw caught;
      }
      rememberCompany(remember ? values.clientIdentifier.trim().toLowerCase() : null);
      await reload('member');
      navigate(safeReturnUrl(searchParams.get('returnUrl')), { replace: true });
    },
    errorText: (caught) => loginErrorText(t, caught, 'member'),
  });
  const { clientIdentifier } = form.values;

  if (status === 'authenticated' && !form.busy)
    return <Navigate to={licenseeSignedIn ? home : safeReturnUrl(searchParams.get('returnUrl'))} replace />;

  return (
    <div className="auth-login">
      <h1>{t('login.headline')}</h1>
      <p className="auth-login__sub">{t('login.subHeadline')}</p>
      <FormError error={form.error} testId="login-error" />
      <form
        onSubmit={(event) => {
          setPasswordCleared(false);
          form.onSubmit(event);
        }}
        noValidate
      >
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
        <TextField label={t('login.username')} {...form.field('username')} lowercase autoComplete="username" />
        <TextField
          key={failedAttempts}
          label={t('login.password')}
          type="password"
          {...form.field('password')}
          showErrors={form.submitted && !passwordCleared}
          autoComplete="current-password"
        />
        <div className="auth-login__remember">
          <input
            id="remember-client"
            type="checkbox"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
          <label htmlFor="remember-client">{t('login.remember')}</label>
        </div>
        <button type="submit" className="ui-button auth-login__submit" disabled={form.busy}>
          {form.busy ? t('login.submitting') : t('login.submit')}
        </button>
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
