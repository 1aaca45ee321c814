import {
  invalidDate,
  maxDate,
  minDate,
  type Rule,
  required as requiredRule,
  type ValidationError,
  validate,
} from '@dash/shared-core';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldLabel } from './FieldLabel';
import { validationMessage } from './validationMessage';

interface FieldFrameProps {
  id: string;
  label: string;
  required?: boolean;
  error: ValidationError | null;
  visible: boolean;
  children: ReactNode;
  className?: string;
}

/** Label, required mark and an error shown only once the field was touched (spec section 5). */
function FieldFrame({ id, label, required, error, visible, children, className = 'ui-field' }: FieldFrameProps) {
  const { t, i18n } = useTranslation('common');
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      {children}
      {visible && error && (
        <p id={`${id}-error`} className="ui-field__error" role="alert">
          {validationMessage(t, error, label, i18n.language)}
        </p>
      )}
    </div>
  );
}

function useFieldError(value: string, rules: readonly Rule[], required: boolean | undefined, showErrors?: boolean) {
  const [touched, setTouched] = useState(false);
  const error = validate(value, required ? [requiredRule, ...rules] : rules);
  return { error, visible: Boolean((touched || showErrors) && error), touch: () => setTouched(true) };
}

export interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string; disabled?: boolean }[];
  required?: boolean;
  rules?: Rule[];
  showErrors?: boolean;
  /** First, empty option (e.g. "Please choose"). */
  placeholder?: string;
  disabled?: boolean;
  name?: string;
}

export function SelectField({
  label,
  value,
  onChange,
  options,
  required,
  rules = [],
  showErrors,
  placeholder,
  disabled,
  name,
}: SelectFieldProps) {
  const id = useId();
  const field = useFieldError(value, rules, required, showErrors);
  return (
    <FieldFrame id={id} label={label} required={required} error={field.error} visible={field.visible}>
      <select
        id={id}
        name={name}
        value={value}
        required={required}
        disabled={disabled}
        aria-invalid={field.visible ? true : undefined}
        aria-describedby={field.visible ? `${id}-error` : undefined}
        onChange={(event) => {
          onChange(event.target.value);
          field.touch();
        }}
        onBlur={field.touch}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** A required checkbox must be ticked (e.g. a confirmation). */
  required?: boolean;
  showErrors?: boolean;
  disabled?: boolean;
  name?: string;
}

export function CheckboxField({ label, checked, onChange, required, showErrors, disabled, name }: CheckboxFieldProps) {
  const id = useId();
  const field = useFieldError(checked ? 'true' : '', [], required, showErrors);
  return (
    <FieldFrame
      id={id}
      label={label}
      required={required}
      error={field.error}
      visible={field.visible}
      className="ui-field ui-field--checkbox"
    >
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        required={required}
        aria-invalid={field.visible ? true : undefined}
        aria-describedby={field.visible ? `${id}-error` : undefined}
        onChange={(event) => {
          onChange(event.target.checked);
          field.touch();
        }}
        onBlur={field.touch}
      />
    </FieldFrame>
  );
}

export interface DateFieldProps {
  label: string;
  /** `YYYY-MM-DD` or '' */
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  /** Earliest and latest allowed dates (`YYYY-MM-DD`): minDate and maxDate. */
  min?: string;
  max?: string;
  rules?: Rule[];
  showErrors?: boolean;
  disabled?: boolean;
  name?: string;
}

/** Date input with the invalidDate, minDate and maxDate rules. */
export function DateField({
  label,
  value,
  onChange,
  required,
  min,
  max,
  rules = [],
  showErrors,
  disabled,
  name,
}: DateFieldProps) {
  const id = useId();
  const dateRules: Rule[] = [invalidDate, ...(min ? [minDate(min)] : []), ...(max ? [maxDate(max)] : []), ...rules];
  const field = useFieldError(value, dateRules, required, showErrors);
  return (
    <FieldFrame id={id} label={label} required={required} error={field.error} visible={field.visible}>
      <input
        id={id}
        name={name}
        type="date"
        value={value}
        min={min}
        max={max}
        required={required}
        disabled={disabled}
        aria-invalid={field.visible ? true : undefined}
        aria-describedby={field.visible ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={field.touch}
      />
    </FieldFrame>
  );
}
