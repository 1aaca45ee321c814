import { type Rule, required as requiredRule, validate } from '@dash/shared-core';
import { type InputHTMLAttributes, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldLabel } from './FieldLabel';
import { validationMessage } from './validationMessage';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rules?: Rule[];
  /** Forces the value to lower case as it is typed (usernames, company IDs). */
  lowercase?: boolean;
  /** Shows errors even before the field was touched (after a submit attempt). */
  showErrors?: boolean;
}

/** A labelled input; its error shows only after the field was touched (spec section 5). */
export function TextField({
  label,
  value,
  onChange,
  rules = [],
  lowercase,
  showErrors,
  required,
  onBlur,
  'aria-describedby': describedBy,
  ...input
}: TextFieldProps) {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const [touched, setTouched] = useState(false);
  const error = validate(value, required ? [requiredRule, ...rules] : rules);
  const visibleError = (touched || showErrors) && error;
  return (
    <div className="ui-field">
      <FieldLabel htmlFor={id} label={label} required={required} />
      <input
        id={id}
        value={value}
        required={required}
        aria-invalid={visibleError ? true : undefined}
        aria-describedby={[visibleError ? `${id}-error` : null, describedBy].filter(Boolean).join(' ') || undefined}
        onChange={(event) => onChange(lowercase ? event.target.value.toLowerCase() : event.target.value)}
        // The caller's own blur (e.g. filling in a generated value) runs besides marking the field touched.
        onBlur={(event) => {
          setTouched(true);
          onBlur?.(event);
        }}
        {...input}
      />
      {visibleError && (
        <p id={`${id}-error`} className="ui-field__error" role="alert">
          {validationMessage(t, error, label, i18n.language)}
        </p>
      )}
    </div>
  );
}

/** True when every value passes its rules (used to block a submit). */
export function allValid(fields: { value: string; rules?: Rule[]; required?: boolean }[]): boolean {
  return fields.every(
    (field) => !validate(field.value, field.required ? [requiredRule, ...(field.rules ?? [])] : (field.rules ?? [])),
  );
}
