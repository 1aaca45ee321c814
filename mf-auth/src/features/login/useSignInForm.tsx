import type { Audience } from '@dash/shared-core';
import { type FieldRules, TextField, useForm } from '@dash/shared-ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginErrorText } from './loginErrorText';

interface SignInFormOptions<Values extends Record<string, string> & { password: string }> {
  audience: Audience;
  initialValues: Values;
  fields: { [Name in keyof Values]?: FieldRules };
  /** The sign-in call; a throw is a failed sign-in. */
  signIn: (values: Values) => Promise<unknown>;
  /** After a successful sign-in: remember what is to be remembered, load the session, go on. */
  signedIn: (values: Values) => Promise<void>;
}

/**
 * The failure handling both sign-in pages share (members' and licensee staff's): after a failed sign-in the
 * password is emptied into a new, untouched field (a new key) that does not call itself missing until the user
 * submits again or leaves it, and the audience's own message for 401 and 403 stands above the form.
 */
export function useSignInForm<Values extends Record<string, string> & { password: string }>(
  options: SignInFormOptions<Values>,
) {
  const { audience, initialValues, fields, signIn, signedIn } = options;
  const { t } = useTranslation('auth');
  const [failedAttempts, setFailedAttempts] = useState(0);
  const [passwordCleared, setPasswordCleared] = useState(false);
  const form = useForm({
    initialValues,
    fields,
    send: async (values) => {
      try {
        await signIn(values);
      } catch (caught) {
        form.set('password')('');
        setPasswordCleared(true);
        setFailedAttempts((count) => count + 1);
        throw caught;
      }
      await signedIn(values);
    },
    errorText: (caught) => loginErrorText(t, caught, audience),
  });
  const passwordField = { ...form.field('password'), showErrors: form.submitted && !passwordCleared };
  return {
    form,
    /** What `SignInPasswordAndSubmit` renders. */
    password: { key: failedAttempts, field: passwordField, busy: form.busy },
    onSubmit: (event: FormEvent) => {
      setPasswordCleared(false);
      form.onSubmit(event);
    },
  };
}

interface PasswordAndSubmitProps {
  password: ReturnType<typeof useSignInForm>['password'];
  /** What stands between the password and the button (the members' "remember" box). */
  children?: ReactNode;
}

/** The password field and the submit button, the same on both sign-in pages. */
export function SignInPasswordAndSubmit({ password, children }: PasswordAndSubmitProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <TextField
        key={password.key}
        label={t('login.password')}
        type="password"
        {...password.field}
        autoComplete="current-password"
      />
      {children}
      <button type="submit" className="ui-button auth-login__submit" disabled={password.busy}>
        {password.busy ? t('login.submitting') : t('login.submit')}
      </button>
    </>
  );
}
