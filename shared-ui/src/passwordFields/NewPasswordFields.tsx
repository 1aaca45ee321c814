import { password, type Rule, shouldMatch, shouldNotMatch } from '@dash/shared-core';
import { type FieldRules, TextField } from '@dash/shared-ui';

/** Longest password the fields accept (the server hashes what it gets; this only stops pasted novels). */
export const PASSWORD_MAX_LENGTH = 200;

export interface NewPasswordRuleOptions {
  /** The new password as typed (read when checked). */
  newPassword: () => string;
  /** The current password, where the form asks for it: the new one must differ from it. */
  oldPassword?: () => string;
  /** Both fields must be filled (default); false where a password is optional. */
  required?: boolean;
}

/**
 * The rules of a new password and its repetition (spec section 5: the password rule, "shouldMatch" for the
 * repetition, "shouldNotMatch" against the current password), for `useForm`'s `fields`: nothing is sent while one fails.
 */
export function newPasswordRules({ newPassword, oldPassword, required = true }: NewPasswordRuleOptions): {
  newPassword: FieldRules;
  repeat: FieldRules;
} {
  const newRules: Rule[] = oldPassword ? [password, shouldNotMatch(oldPassword)] : [password];
  return {
    newPassword: { required, rules: newRules },
    repeat: { required, rules: [shouldMatch(newPassword)] },
  };
}

/** What the fields need of one `useForm` field (`form.field(name)`). */
export interface PasswordFieldBinding {
  name: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  rules: Rule[];
  showErrors: boolean;
}

/**
 * A new password and its repetition, with the rules of `newPasswordRules`. The repetition's mismatch shows once it
 * is as long as the password (so typing it does not flash an error), when it was left or after a submit.
 */
export function NewPasswordFields({
  newPassword,
  repeat,
  newPasswordLabel,
  repeatLabel,
}: {
  newPassword: PasswordFieldBinding;
  repeat: PasswordFieldBinding;
  newPasswordLabel: string;
  repeatLabel: string;
}) {
  const repeatComplete = repeat.value !== '' && repeat.value.length >= newPassword.value.length;
  return (
    <>
      <TextField
        label={newPasswordLabel}
        type="password"
        {...newPassword}
        maxLength={PASSWORD_MAX_LENGTH}
        autoComplete="new-password"
      />
      <TextField
        label={repeatLabel}
        type="password"
        {...repeat}
        showErrors={repeat.showErrors || repeatComplete}
        maxLength={PASSWORD_MAX_LENGTH}
        autoComplete="new-password"
      />
    </>
  );
}
