import { ApiError, clientIdentifier as clientIdentifierRule, translateError } from '@dash/shared-core';
import {
  allValid,
  Link,
  Navigate,
  TextField,
  useNavigate,
  useParams,
  useSearchParams,
  useSessionStore,
} from '@dash/shared-ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REMEMBERED_CLIENT_KEY, START_PAGE } from '../../../routes';
import { login } from '../api/login';
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
  const reload = useSessionStore((state) => state.reload);
  const remembered = window.localStorage.getItem(REMEMBERED_CLIENT_KEY) ?? '';
  const preset = clientId ?? remembered;
  const [clientIdentifier, setClientIdentifier] = useState(preset);
  const [editingClient, setEditingClient] = useState(preset === '');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (status === 'authenticated' && !busy)
    return <Navigate to={safeReturnUrl(searchParams.get('returnUrl'))} replace />;

  const fields = [
    { value: clientIdentifier, required: true, rules: [clientIdentifierRule] },
    { value: username, required: true },
    { value: password, required: true },
  ];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setError(null);
    if (!allValid(fields)) return;
    setBusy(true);
    try {
      await login({ clientIdentifier, username, password });
      if (remember) window.localStorage.setItem(REMEMBERED_CLIENT_KEY, clientIdentifier.trim().toLowerCase());
      else window.localStorage.removeItem(REMEMBERED_CLIENT_KEY);
      await reload();
      navigate(safeReturnUrl(searchParams.get('returnUrl')), { replace: true });
    } catch (caught) {
      setPassword('');
      if (caught instanceof ApiError && (caught.status === 401 || caught.status === 403)) {
        setError(t(`common:errors.login.${caught.status}`));
      } else if (caught instanceof ApiError) {
        setError(translateError(t, caught.status, caught.code));
      } else {
        setError(t('common:errors.http.0'));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="auth-login">
      <h1>{t('login.headline')}</h1>
      <p className="auth-login__sub">{t('login.subHeadline')}</p>
      {error && (
        <div className="ui-alert ui-alert--danger" role="alert" data-testid="login-error">
          {error}
        </div>
      )}
      <form onSubmit={submit} noValidate>
        {editingClient ? (
          <TextField
            label={t('login.clientIdentifier')}
            value={clientIdentifier}
            onChange={setClientIdentifier}
            required
            lowercase
            rules={[clientIdentifierRule]}
            showErrors={submitted}
            autoComplete="organization"
            name="clientIdentifier"
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
        <TextField
          label={t('login.username')}
          value={username}
          onChange={setUsername}
          required
          lowercase
          showErrors={submitted}
          autoComplete="username"
          name="username"
        />
        <TextField
          label={t('login.password')}
          type="password"
          value={password}
          onChange={setPassword}
          required
          showErrors={submitted}
          autoComplete="current-password"
          name="password"
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
        <button type="submit" className="ui-button auth-login__submit" disabled={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
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
