import { api, clientIdentifier as clientIdentifierRule, type SsoOptions } from '@dash/shared-core';
import { useEffect, useState } from 'react';

/** GET /api/auth/sso-options: which sign-in the company offers (password, its provider, or both). */
export function ssoOptions(clientIdentifier: string): Promise<SsoOptions> {
  return api.call('ssoOptions', { clientIdentifier }, { silent: true });
}

const PASSWORD_ONLY: SsoOptions = { loginMode: 'password', providerName: null };

/**
 * The options of the company ID once it is known: at once for a remembered one, a moment after typing stops for a
 * typed one. Until then, and when the call fails, the password form (as for a company without a provider).
 */
export function useSsoOptions(clientIdentifier: string): SsoOptions {
  const identifier = clientIdentifier.trim().toLowerCase();
  const [options, setOptions] = useState<{ for: string; options: SsoOptions } | null>(null);
  useEffect(() => {
    if (!identifier || clientIdentifierRule(identifier) !== null) return;
    let current = true;
    const timer = setTimeout(() => {
      ssoOptions(identifier)
        .then((answer) => current && setOptions({ for: identifier, options: answer }))
        .catch(() => current && setOptions({ for: identifier, options: PASSWORD_ONLY }));
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [identifier]);
  return options?.for === identifier ? options.options : PASSWORD_ONLY;
}

/** Where the button sends the browser: the server's redirect to the provider (a navigation, not a call). */
export function ssoStartHref(clientIdentifier: string, returnUrl: string | null): string {
  const query = new URLSearchParams({ clientIdentifier: clientIdentifier.trim().toLowerCase() });
  if (returnUrl) query.set('returnUrl', returnUrl);
  return `/api/auth/sso/start?${query}`;
}
