import type { ReactNode } from 'react';

/**
 * The row at a form's end: further actions (`children`) and then the submit button, disabled while the form sends
 * (or cannot be sent yet).
 */
export function FormActions({
  label,
  disabled,
  testId,
  children,
}: {
  label: string;
  disabled?: boolean;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <div className="ui-form-actions">
      {children}
      <button type="submit" className="ui-button" disabled={disabled} data-testid={testId}>
        {label}
      </button>
    </div>
  );
}
