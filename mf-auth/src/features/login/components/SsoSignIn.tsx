import { isSsoSignInFailure } from '@dash/shared-core/calls';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ssoStartHref, useSsoOptions } from '../api/ssoOptions';

interface SsoSignInProps {
  providerName: string;
  /** The server's way to the provider (GET /api/auth/sso/start). */
  href: string;
  /** Before the browser leaves for the provider: remember the company ID as the password sign-in does. */
  onLeave: () => void;
  /** The password form stands below: an "or" between the two. */
  passwordOffered: boolean;
  /** Provider only: a link that unfolds the password form (for the super-admins); null when it is open. */
  onPasswordWanted: (() => void) | null;
}

interface SsoSignInAreaProps {
  clientIdentifier: string;
  returnUrl: string | null;
  onLeave: () => void;
  /** Told whether the company signs in through its provider only (the page folds the password form then). */
  onSsoOnly: (ssoOnly: boolean) => void;
  passwordShown: boolean;
  onPasswordWanted: (() => void) | null;
}

/**
 * The sign-in page's part for single sign-on, a chunk of its own that loads once a company ID is known: it asks which
 * sign-in the company offers and shows the provider's button where it has one.
 */
export function SsoSignInArea({
  clientIdentifier,
  returnUrl,
  onLeave,
  onSsoOnly,
  passwordShown,
  onPasswordWanted,
}: SsoSignInAreaProps) {
  const options = useSsoOptions(clientIdentifier);
  const ssoOnly = options.loginMode === 'sso';
  useEffect(() => onSsoOnly(ssoOnly), [ssoOnly, onSsoOnly]);
  if (options.loginMode === 'password' || !options.providerName) return null;
  return (
    <SsoSignIn
      providerName={options.providerName}
      href={ssoStartHref(clientIdentifier, returnUrl)}
      onLeave={onLeave}
      passwordOffered={passwordShown}
      onPasswordWanted={onPasswordWanted}
    />
  );
}

/** "Mit <provider> anmelden": the company's own provider (docs/single-sign-on.md). */
function SsoSignIn({ providerName, href, onLeave, passwordOffered, onPasswordWanted }: SsoSignInProps) {
  const { t } = useTranslation('auth');
  return (
    <div className="auth-login__sso" data-testid="sso-sign-in">
      <a className="ui-button auth-login__submit" href={href} onClick={onLeave}>
        {t('login.sso.button', { provider: providerName })}
      </a>
      {passwordOffered && <p className="auth-login__or">{t('login.sso.orPassword')}</p>}
      {onPasswordWanted && (
        <button type="button" className="ui-button ui-button--link" onClick={onPasswordWanted}>
          {t('login.sso.passwordInstead')}
        </button>
      )}
    </div>
  );
}

/** Why the trip to the provider came back without a session. */
export function SsoFailure({ code }: { code: string | null }) {
  const { t } = useTranslation('auth');
  if (!isSsoSignInFailure(code)) return null;
  const text = code === 'Login.Deactivated' ? t('common:errors.login.403') : t(`common:errors.codes.${code}`);
  return (
    <div className="ui-alert ui-alert--danger" role="alert" data-testid="sso-error">
      {text}
    </div>
  );
}
