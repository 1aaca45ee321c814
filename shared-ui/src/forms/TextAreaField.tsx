import type { Rule } from '@dash/shared-core';
import type { TextareaHTMLAttributes } from 'react';
import { FieldLabel } from './FieldLabel';
import { useValidatedField } from './useValidatedField';

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
  const field = useValidatedField({ label, value, rules, required, showErrors, describedBy, hasHint: Boolean(hint) });
  return (
    <div className="ui-field">
      <FieldLabel htmlFor={field.id} label={label} required={required} />
      {hint && (
        <p id={`${field.id}-hint`} className="ui-field__hint">
          {hint}
        </p>
      )}
      <textarea
        id={field.id}
        value={value}
        rows={rows}
        required={required}
        aria-invalid={field.invalid}
        aria-describedby={field.describedBy}
        onChange={(event) => onChange(event.target.value)}
        onBlur={(event) => {
          field.touch();
          onBlur?.(event);
        }}
        {...textarea}
      />
      {field.error}
    </div>
  );
}
