import { type Rule, required as requiredRule, validate } from '@dash/shared-core';
import type { InputHTMLAttributes } from 'react';
import { FieldLabel } from './FieldLabel';
import { useValidatedField } from './useValidatedField';

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
  const field = useValidatedField({ label, value, rules, required, showErrors, describedBy });
  return (
    <div className="ui-field">
      <FieldLabel htmlFor={field.id} label={label} required={required} />
      <input
        id={field.id}
        value={value}
        required={required}
        aria-invalid={field.invalid}
        aria-describedby={field.describedBy}
        onChange={(event) => onChange(lowercase ? event.target.value.toLowerCase() : event.target.value)}
        // The caller's own blur (e.g. filling in a generated value) runs besides marking the field touched.
        onBlur={(event) => {
          field.touch();
          onBlur?.(event);
        }}
        {...input}
      />
      {field.error}
    </div>
  );
}

/** True when every value passes its rules (used to block a submit). */
export function allValid(fields: { value: string; rules?: Rule[]; required?: boolean }[]): boolean {
  return fields.every(
    (field) => !validate(field.value, field.required ? [requiredRule, ...(field.rules ?? [])] : (field.rules ?? [])),
  );
}
