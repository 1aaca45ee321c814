import { ApiError, type Audience, translateError } from '@dash/shared-core';
import type { TFunction } from 'i18next';

/**
 * The sign-in pages' own texts for 401 and 403 (spec section 8), else the usual message for the answer. A company
 * that its licensee has deactivated has its own message; licensee staff are told to check the licensee ID.
 */
export function loginErrorText(t: TFunction, caught: unknown, audience: Audience): string {
  if (
    caught instanceof ApiError &&
    (caught.code === 'Login.ClientDeactivated' || caught.code === 'Login.SsoRequired')
  ) {
    return t(`common:errors.codes.${caught.code}`);
  }
  if (caught instanceof ApiError && caught.status === 401 && audience === 'licensee') {
    return t('common:errors.licenseeLogin.401');
  }
  if (caught instanceof ApiError && (caught.status === 401 || caught.status === 403))
    return t(`common:errors.login.${caught.status}`);
  if (caught instanceof ApiError) return translateError(t, caught.status, caught.code);
  return t('common:errors.http.0');
}
