import { type Rule, required as requiredRule, validate } from '@dash/shared-core';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validationMessage } from './validationMessage';

export interface ValidatedFieldOptions {
  label: string;
  value: string;
  rules?: Rule[];
  required?: boolean;
  /** Shows errors even before the field was touched (after a submit attempt). */
  showErrors?: boolean;
  /** The caller's own aria-describedby, kept beside the error and the hint. */
  describedBy?: string;
  /** Whether the field shows a hint (`${id}-hint`) that is read out with it. */
  hasHint?: boolean;
}

export interface ValidatedField {
  id: string;
  invalid: true | undefined;
  describedBy: string | undefined;
  /** Marks the field touched (on blur): from then on its error shows. */
  touch: () => void;
  /** The error paragraph, or nothing while the field is valid or untouched. */
  error: ReactNode;
}

/** What every labelled field shares: its id, its rules checked, the error shown once touched (spec section 5). */
export function useValidatedField({
  label,
  value,
  rules = [],
  required,
  showErrors,
  describedBy,
  hasHint,
}: ValidatedFieldOptions): ValidatedField {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const [touched, setTouched] = useState(false);
  const error = validate(value, required ? [requiredRule, ...rules] : rules);
  const visibleError = (touched || showErrors) && error;
  return {
    id,
    invalid: visibleError ? true : undefined,
    describedBy:
      [visibleError ? `${id}-error` : null, hasHint ? `${id}-hint` : null, describedBy].filter(Boolean).join(' ') ||
      undefined,
    touch: () => setTouched(true),
    error: visibleError ? (
      <p id={`${id}-error`} className="ui-field__error" role="alert">
        {validationMessage(t, visibleError, label, i18n.language)}
      </p>
    ) : null,
  };
}
