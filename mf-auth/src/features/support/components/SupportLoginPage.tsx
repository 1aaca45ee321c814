import { START_PAGE } from '@dash/shared-core';
import { FormError, inlineErrorText, useNavigate, useParams, useSessionStore } from '@dash/shared-ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { supportLogin } from '../api/supportLogin';
import '../../login/components/login.css';

/** /auth/support/{token}: a customer adviser's signed, single-use link; signs in as support and loads the state. */
export default function SupportLoginPage() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const reload = useSessionStore((state) => state.reload);
  const [error, setError] = useState<string | null>(null);
  // The token works once: never send it twice (React's development double effects included).
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    supportLogin(token)
      .then(async () => {
        await reload('member');
        navigate(START_PAGE, { replace: true });
      })
      .catch((caught: unknown) => setError(inlineErrorText(t, caught)));
  }, [token, reload, navigate, t]);

  return (
    <div className="auth-login">
      <h1>{t('support.headline')}</h1>
      {error ? (
        <FormError error={error} testId="support-error" />
      ) : (
        <p className="auth-login__sub">{t('support.signingIn')}</p>
      )}
    </div>
  );
}
