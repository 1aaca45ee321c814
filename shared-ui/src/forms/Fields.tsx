import { invalidDate, maxDate, minDate, type Rule } from '@dash/shared-core';
import { FieldLabel } from './FieldLabel';
import { useValidatedField } from './useValidatedField';

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
  const field = useValidatedField({ label, value, rules, required, showErrors });
  return (
    <div className="ui-field">
      <FieldLabel htmlFor={field.id} label={label} required={required} />
      <select
        id={field.id}
        name={name}
        value={value}
        required={required}
        disabled={disabled}
        aria-invalid={field.invalid}
        aria-describedby={field.describedBy}
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
      {field.error}
    </div>
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
  const field = useValidatedField({ label, value: checked ? 'true' : '', required, showErrors });
  return (
    <div className="ui-field ui-field--checkbox">
      <FieldLabel htmlFor={field.id} label={label} required={required} />
      <input
        id={field.id}
        name={name}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        required={required}
        aria-invalid={field.invalid}
        aria-describedby={field.describedBy}
        onChange={(event) => {
          onChange(event.target.checked);
          field.touch();
        }}
        onBlur={field.touch}
      />
      {field.error}
    </div>
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
  const dateRules: Rule[] = [invalidDate, ...(min ? [minDate(min)] : []), ...(max ? [maxDate(max)] : []), ...rules];
  const field = useValidatedField({ label, value, rules: dateRules, required, showErrors });
  return (
    <div className="ui-field">
      <FieldLabel htmlFor={field.id} label={label} required={required} />
      <input
        id={field.id}
        name={name}
        type="date"
        value={value}
        min={min}
        max={max}
        required={required}
        disabled={disabled}
        aria-invalid={field.invalid}
        aria-describedby={field.describedBy}
        onChange={(event) => onChange(event.target.value)}
        onBlur={field.touch}
      />
      {field.error}
    </div>
  );
}
