/**
 * A field's label with the required mark beside it, not inside it: the field's accessible name is exactly its label
 * (screen readers announce "required" from the input itself).
 */
export function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <span className="ui-field__label-row">
      <label htmlFor={htmlFor}>{label}</label>
      {required && (
        <span className="ui-field__required" aria-hidden="true">
          *
        </span>
      )}
    </span>
  );
}
