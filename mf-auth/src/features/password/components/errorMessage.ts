import { ApiError, translateError } from '@dash/shared-core';
import type { TFunction } from 'i18next';

/**
 * The spec's message for a failed call, shown in the page: the error code's own message when there is one
 * (also for 403, e.g. SupportLogin.NotAllowed or Login.Deactivated, where the generic status text would hide
 * the reason), else the generic one, else the HTTP status text.
 */
export function errorMessage(t: TFunction, caught: unknown): string {
  if (!(caught instanceof ApiError)) return t('common:errors.http.0');
  if (caught.code) {
    const specific = t(`common:errors.codes.${caught.code}`, { defaultValue: '' });
    if (specific) return specific;
  }
  return translateError(t, caught.status, caught.code);
}
