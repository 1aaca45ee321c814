import { ApiError, translateError } from '@dash/shared-core';
import type { TFunction } from 'i18next';

/** The spec's message for a failed call (error-code message, else generic, else the HTTP status text). */
export function errorMessage(t: TFunction, caught: unknown): string {
  if (caught instanceof ApiError) return translateError(t, caught.status, caught.code);
  return t('common:errors.http.0');
}
