import { type Rule, required as requiredRule, validate } from '@dash/shared-core';
import { type TextareaHTMLAttributes, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldLabel } from './FieldLabel';
import { validationMessage } from './validationMessage';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rules?: Rule[];
  /** Shows errors even before the field was touched (after a submit attempt). */
  showErrors?: boolean;
  /** A hint under the label (e.g. "one entry per line"), read out with the field. */
  hint?: string;
}

/** A labelled multi-line input, as TextField: its error shows only after the field was touched (spec section 5). */
export function TextAreaField({
  label,
  value,
  onChange,
  rules = [],
  showErrors,
  required,
  hint,
  rows = 4,
  onBlur,
  'aria-describedby': describedBy,
  ...textarea
}: TextAreaFieldProps) {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const [touched, setTouched] = useState(false);
  const error = validate(value, required ? [requiredRule, ...rules] : rules);
  const visibleError = (touched || showErrors) && error;
  return (
    <div className="ui-field">
      <FieldLabel htmlFor={id} label={label} required={required} />
      {hint && (
        <p id={`${id}-hint`} className="ui-field__hint">
          {hint}
        </p>
      )}
      <textarea
        id={id}
        value={value}
        rows={rows}
        required={required}
        aria-invalid={visibleError ? true : undefined}
        aria-describedby={
          [visibleError ? `${id}-error` : null, hint ? `${id}-hint` : null, describedBy].filter(Boolean).join(' ') ||
          undefined
        }
        onChange={(event) => onChange(event.target.value)}
        onBlur={(event) => {
          setTouched(true);
          onBlur?.(event);
        }}
        {...textarea}
      />
      {visibleError && (
        <p id={`${id}-error`} className="ui-field__error" role="alert">
          {validationMessage(t, error, label, i18n.language)}
        </p>
      )}
    </div>
  );
}
