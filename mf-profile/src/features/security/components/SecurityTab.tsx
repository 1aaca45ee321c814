import { username as usernameRule } from '@dash/shared-core';
import {
  FormActions,
  FormError,
  inlineErrorText,
  showToast,
  TextField,
  useCan,
  useForm,
  useMemberState,
} from '@dash/shared-ui';
import { NewPasswordFields, newPasswordRules, PASSWORD_MAX_LENGTH } from '@dash/shared-ui/password-fields';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { ProfileTabs } from '../../../components/ProfileTabs';
import { useChangePassword } from '../api/changePassword';
import { useChangeUsername } from '../api/changeUsername';
import { useUsernameExists } from '../api/checkUsername';

const EMPTY_PASSWORDS = { old: '', new: '', newCheck: '' };

function ChangePasswordForm() {
  const { t } = useTranslation('profile');
  const change = useChangePassword();
  const newRules = newPasswordRules({ newPassword: () => form.values.new, oldPassword: () => form.values.old });
  const form = useForm({
    initialValues: EMPTY_PASSWORDS,
    fields: { old: { required: true }, new: newRules.newPassword, newCheck: newRules.repeat },
    send: async (values) => {
      await change.mutateAsync(values);
      // The emptied fields start untouched again: no 'required' errors after a success.
      form.reset();
      showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('security.passwordChanged') });
    },
    errorText: (caught) => inlineErrorText(t, caught),
  });

  return (
    <form className="ui-card profile-form" onSubmit={form.onSubmit} noValidate data-testid="change-password">
      <h2>{t('security.passwordHeadline')}</h2>
      <FormError error={form.error} testId="change-password-error" />
      <Fragment key={form.generation}>
        <TextField
          label={t('security.oldPassword')}
          type="password"
          {...form.field('old')}
          maxLength={PASSWORD_MAX_LENGTH}
          autoComplete="current-password"
        />
        <NewPasswordFields
          newPassword={form.field('new')}
          repeat={form.field('newCheck')}
          newPasswordLabel={t('security.newPassword')}
          repeatLabel={t('security.newPasswordCheck')}
        />
      </Fragment>
      <FormActions label={t('security.changePassword')} disabled={form.busy} />
    </form>
  );
}

function ChangeUsernameForm() {
  const { t } = useTranslation('profile');
  const change = useChangeUsername();
  const form = useForm({
    initialValues: { username: '', newUsername: '', password: '' },
    fields: {
      username: { required: true },
      newUsername: { required: true, rules: [usernameRule] },
      password: { required: true },
    },
    send: async (values) => {
      const result = await change.mutateAsync(values);
      // The new name becomes the current one; the other fields start empty and untouched.
      form.reset({ username: result.username, newUsername: '', password: '' });
      showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('security.usernameChanged') });
    },
    errorText: (caught) => inlineErrorText(t, caught),
  });
  const exists = useUsernameExists(form.values.newUsername);

  return (
    <form
      className="ui-card profile-form"
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit({ blocked: exists });
      }}
      noValidate
      data-testid="change-username"
    >
      <h2>{t('security.usernameHeadline')}</h2>
      <FormError error={form.error} testId="change-username-error" />
      <Fragment key={form.generation}>
        <TextField
          label={t('security.currentUsername')}
          {...form.field('username')}
          lowercase
          maxLength={254}
          autoComplete="username"
        />
        <TextField
          label={t('security.newUsername')}
          {...form.field('newUsername')}
          lowercase
          maxLength={254}
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
          {...form.field('password')}
          maxLength={200}
          autoComplete="current-password"
        />
      </Fragment>
      <FormActions label={t('security.changeUsername')} disabled={form.busy} />
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
