import type { Rule } from '@dash/shared-core';
import { type FormEvent, useState } from 'react';
import { allValid } from './TextField';

export interface FieldRules {
  required?: boolean;
  rules?: Rule[];
}

export interface UseFormOptions<Values extends Record<string, string>> {
  initialValues: Values;
  /** The rules of each field: checked before sending, and shown by the field once touched or after a submit. */
  fields: { [Name in keyof Values]?: FieldRules };
  /** Checks across fields (a confirmation that must match, a name that is taken); false blocks the submit. */
  canSubmit?: (values: Values) => boolean;
  /** Sends the values. A throw shows `errorText(caught)` above the form, or is left to the global toast. */
  send: (values: Values) => Promise<void>;
  /** The text for a failed call, shown in the form (e.g. `inlineErrorText`); without it nothing shows in the form. */
  errorText?: (caught: unknown) => string;
}

/**
 * The state every form repeats (spec section 5): values, errors shown only after a field was touched or a submit
 * was tried, nothing sent while a rule fails, a busy flag while sending and the failed call's message.
 * `field(name)` gives the props of a `TextField` or `SelectField`; `reset` empties the form and makes its fields
 * untouched again (render them under `key={form.generation}`).
 */
export function useForm<Values extends Record<string, string>>(options: UseFormOptions<Values>) {
  const { initialValues, fields, canSubmit, send, errorText } = options;
  const [values, setValues] = useState(initialValues);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);

  const set =
    <Name extends keyof Values>(name: Name) =>
    (value: string) =>
      setValues((current) => ({ ...current, [name]: value }));

  const field = <Name extends keyof Values & string>(name: Name) => ({
    value: values[name],
    onChange: set(name),
    required: fields[name]?.required,
    rules: fields[name]?.rules ?? [],
    showErrors: submitted,
    name,
  });

  function reset(next: Values = initialValues) {
    setValues(next);
    setSubmitted(false);
    setError(null);
    setGeneration((value) => value + 1);
  }

  /** Validates, then sends unless `blocked` (a check the form shows itself, such as a name that is taken). */
  async function submit({ blocked = false }: { blocked?: boolean } = {}) {
    setSubmitted(true);
    setError(null);
    const checks = Object.entries(fields).map(([name, rules]) => ({
      value: values[name] ?? '',
      ...(rules as FieldRules),
    }));
    if (blocked || !allValid(checks) || (canSubmit && !canSubmit(values))) return;
    setBusy(true);
    try {
      await send(values);
    } catch (caught) {
      if (errorText) setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  }

  return {
    values,
    set,
    field,
    submitted,
    busy,
    error,
    generation,
    reset,
    submit,
    /** For `<form onSubmit>`: validates, then sends. */
    onSubmit: (event: FormEvent) => {
      event.preventDefault();
      void submit();
    },
  };
}
