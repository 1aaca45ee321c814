import { email, maxLength } from '@dash/shared-core';
import { phoneNumber } from '@dash/shared-core/phone';
import { allValid, showToast, TextField, useMemberState, useSessionStore } from '@dash/shared-ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProfileTabs } from '../../../components/ProfileTabs';
import { useUpdateProfile } from '../api/updateProfile';

export default function DetailsTab() {
  const { t } = useTranslation('profile');
  const memberState = useMemberState();
  const reload = useSessionStore((state) => state.reload);
  const update = useUpdateProfile();
  const [form, setForm] = useState(() => ({
    firstName: memberState?.memberDetails.firstName ?? '',
    lastName: memberState?.memberDetails.lastName ?? '',
    email: memberState?.member.email ?? '',
    phoneNumber: memberState?.memberDetails.phoneNumber ?? '',
    mobileNumber: memberState?.memberDetails.mobileNumber ?? '',
  }));
  const [submitted, setSubmitted] = useState(false);
  const set = (field: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));
  const rules = {
    firstName: [maxLength(100)],
    lastName: [maxLength(100)],
    email: [email, maxLength(254)],
    phoneNumber: [phoneNumber],
    mobileNumber: [phoneNumber],
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const valid = allValid([
      { value: form.firstName, required: true, rules: rules.firstName },
      { value: form.lastName, required: true, rules: rules.lastName },
      { value: form.email, rules: rules.email },
      { value: form.phoneNumber, rules: rules.phoneNumber },
      { value: form.mobileNumber, rules: rules.mobileNumber },
    ]);
    if (!valid) return;
    await update.mutateAsync({
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email || null,
      phoneNumber: form.phoneNumber || null,
      mobileNumber: form.mobileNumber || null,
    });
    showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('details.saved') });
    await reload();
  }

  return (
    <>
      <ProfileTabs />
      <form className="ui-card profile-form" onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
        <TextField
          label={t('details.firstName')}
          value={form.firstName}
          onChange={set('firstName')}
          required
          rules={rules.firstName}
          showErrors={submitted}
          autoComplete="given-name"
        />
        <TextField
          label={t('details.lastName')}
          value={form.lastName}
          onChange={set('lastName')}
          required
          rules={rules.lastName}
          showErrors={submitted}
          autoComplete="family-name"
        />
        <TextField
          label={t('details.email')}
          type="email"
          value={form.email}
          onChange={set('email')}
          rules={rules.email}
          showErrors={submitted}
          autoComplete="email"
        />
        <TextField
          label={t('details.phoneNumber')}
          type="tel"
          value={form.phoneNumber}
          onChange={set('phoneNumber')}
          rules={rules.phoneNumber}
          showErrors={submitted}
          autoComplete="tel"
        />
        <TextField
          label={t('details.mobileNumber')}
          type="tel"
          value={form.mobileNumber}
          onChange={set('mobileNumber')}
          rules={rules.mobileNumber}
          showErrors={submitted}
        />
        <div className="ui-form-actions">
          <button type="submit" className="ui-button" disabled={update.isPending}>
            {t('common:common.save')}
          </button>
        </div>
      </form>
    </>
  );
}
