import { ApiError, password as passwordRule, translateError, username as usernameRule } from '@dash/shared-core';
import { allValid, showToast, TextField, useCan, useMemberState } from '@dash/shared-ui';
import { type FormEvent, Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProfileTabs } from '../../../components/ProfileTabs';
import { useChangePassword } from '../api/changePassword';
import { useChangeUsername } from '../api/changeUsername';
import { useUsernameExists } from '../api/checkUsername';

function useErrorText() {
  const { t } = useTranslation('profile');
  return (caught: unknown) =>
    caught instanceof ApiError ? translateError(t, caught.status, caught.code) : t('common:errors.http.0');
}

function ChangePasswordForm() {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const change = useChangePassword();
  const [form, setForm] = useState({ old: '', new: '', newCheck: '' });
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A new generation after a successful change: the emptied fields start untouched (no 'required' errors).
  const [generation, setGeneration] = useState(0);
  const set = (field: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));
  const mismatch = form.newCheck !== '' && form.newCheck !== form.new;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setError(null);
    const valid = allValid([
      { value: form.old, required: true },
      { value: form.new, required: true, rules: [passwordRule] },
      { value: form.newCheck, required: true },
    ]);
    if (!valid || mismatch) return;
    try {
      await change.mutateAsync(form);
      setForm({ old: '', new: '', newCheck: '' });
      setSubmitted(false);
      setGeneration((value) => value + 1);
      showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('security.passwordChanged') });
    } catch (caught) {
      setError(errorText(caught));
    }
  }

  return (
    <form
      className="ui-card profile-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="change-password"
    >
      <h2>{t('security.passwordHeadline')}</h2>
      {error && (
        <div className="ui-alert ui-alert--danger" role="alert" data-testid="change-password-error">
          {error}
        </div>
      )}
      <Fragment key={generation}>
        <TextField
          label={t('security.oldPassword')}
          type="password"
          value={form.old}
          onChange={set('old')}
          required
          maxLength={200}
          showErrors={submitted}
          autoComplete="current-password"
        />
        <TextField
          label={t('security.newPassword')}
          type="password"
          value={form.new}
          onChange={set('new')}
          required
          maxLength={200}
          rules={[passwordRule]}
          showErrors={submitted}
          autoComplete="new-password"
        />
        <TextField
          label={t('security.newPasswordCheck')}
          type="password"
          value={form.newCheck}
          onChange={set('newCheck')}
          required
          maxLength={200}
          showErrors={submitted}
          autoComplete="new-password"
        />
      </Fragment>
      {mismatch && submitted && (
        <p className="ui-field__error" role="alert">
          {t('security.mismatch')}
        </p>
      )}
      <div className="ui-form-actions">
        <button type="submit" className="ui-button" disabled={change.isPending}>
          {t('security.changePassword')}
        </button>
      </div>
    </form>
  );
}

function ChangeUsernameForm() {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const change = useChangeUsername();
  const [current, setCurrent] = useState<string | null>(null);
  const [newUsername, setNewUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const exists = useUsernameExists(newUsername);
  const [generation, setGeneration] = useState(0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setError(null);
    const valid = allValid([
      { value: current ?? '', required: true },
      { value: newUsername, required: true, rules: [usernameRule] },
      { value: password, required: true },
    ]);
    if (!valid || exists) return;
    try {
      const result = await change.mutateAsync({ username: current ?? '', newUsername, password });
      setCurrent(result.username);
      setNewUsername('');
      setPassword('');
      setSubmitted(false);
      setGeneration((value) => value + 1);
      showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('security.usernameChanged') });
    } catch (caught) {
      setError(errorText(caught));
    }
  }

  return (
    <form
      className="ui-card profile-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="change-username"
    >
      <h2>{t('security.usernameHeadline')}</h2>
      {error && (
        <div className="ui-alert ui-alert--danger" role="alert" data-testid="change-username-error">
          {error}
        </div>
      )}
      <Fragment key={generation}>
        <TextField
          label={t('security.currentUsername')}
          value={current ?? ''}
          onChange={setCurrent}
          required
          lowercase
          maxLength={254}
          showErrors={submitted}
          autoComplete="username"
        />
        <TextField
          label={t('security.newUsername')}
          value={newUsername}
          onChange={setNewUsername}
          required
          lowercase
          maxLength={254}
          rules={[usernameRule]}
          showErrors={submitted}
          autoComplete="off"
        />
        {exists && (
          <p className="ui-field__error" role="alert" data-testid="check-username">
            {t('validation.checkUsername')}
          </p>
        )}
        <TextField
          label={t('security.password')}
          type="password"
          value={password}
          onChange={setPassword}
          required
          maxLength={200}
          showErrors={submitted}
          autoComplete="current-password"
        />
      </Fragment>
      <div className="ui-form-actions">
        <button type="submit" className="ui-button" disabled={change.isPending}>
          {t('security.changeUsername')}
        </button>
      </div>
    </form>
  );
}

/** Change own password and username; both need the current password. Not offered to a support session. */
export default function SecurityTab() {
  const { t } = useTranslation('profile');
  const can = useCan();
  const support = useMemberState()?.support;
  return (
    <>
      <ProfileTabs />
      {support ? (
        <div className="ui-alert" role="status" data-testid="security-support">
          {t('security.notForSupport')}
        </div>
      ) : (
        <>
          {can(['profile.change-password']) && <ChangePasswordForm />}
          {can(['profile.change-username']) && <ChangeUsernameForm />}
        </>
      )}
    </>
  );
}
