import { ApiError, translateError } from '@dash/shared-core';
import type { TFunction } from 'i18next';

/**
 * The spec's message for a failed call shown inside a form: the error code's own message when there is one (also
 * for a 403 such as `SupportLogin.NotAllowed` or `Password.Invalid`, where the status text would hide the reason),
 * else the status's message (spec section 8), else the network text when no answer came.
 */
export function inlineErrorText(t: TFunction, caught: unknown): string {
  if (!(caught instanceof ApiError)) return t('common:errors.http.0');
  if (caught.code) {
    const specific = t(`common:errors.codes.${caught.code}`, { defaultValue: '' });
    if (specific) return specific;
  }
  return translateError(t, caught.status, caught.code);
}

/** A failed call's message above a form's fields; nothing while there is none. */
export function FormError({ error, testId }: { error: string | null; testId?: string }) {
  if (!error) return null;
  return (
    <div className="ui-alert ui-alert--danger" role="alert" data-testid={testId}>
      {error}
    </div>
  );
}
