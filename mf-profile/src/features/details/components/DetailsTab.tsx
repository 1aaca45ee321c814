import { email, maxLength } from '@dash/shared-core';
import { phoneNumber } from '@dash/shared-core/phone';
import { FormActions, showToast, TextField, useForm, useMemberState, useSessionStore } from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';
import { ProfileTabs } from '../../../components/ProfileTabs';
import { useUpdateProfile } from '../api/updateProfile';

export default function DetailsTab() {
  const { t } = useTranslation('profile');
  const memberState = useMemberState();
  const reload = useSessionStore((state) => state.reload);
  const update = useUpdateProfile();
  const details = memberState?.memberDetails;
  const form = useForm({
    initialValues: {
      firstName: details?.firstName ?? '',
      lastName: details?.lastName ?? '',
      email: memberState?.member.email ?? '',
      phoneNumber: details?.phoneNumber ?? '',
      mobileNumber: details?.mobileNumber ?? '',
    },
    fields: {
      firstName: { required: true, rules: [maxLength(100)] },
      lastName: { required: true, rules: [maxLength(100)] },
      email: { rules: [email, maxLength(254)] },
      phoneNumber: { rules: [phoneNumber] },
      mobileNumber: { rules: [phoneNumber] },
    },
    // A failed save is shown by the API client's error toast (spec section 8).
    send: async (values) => {
      await update.mutateAsync({
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email || null,
        phoneNumber: values.phoneNumber || null,
        mobileNumber: values.mobileNumber || null,
      });
      showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('details.saved') });
      await reload();
    },
  });

  return (
    <>
      <ProfileTabs />
      <form className="ui-card profile-form" onSubmit={form.onSubmit} noValidate>
        <TextField label={t('details.firstName')} {...form.field('firstName')} autoComplete="given-name" />
        <TextField label={t('details.lastName')} {...form.field('lastName')} autoComplete="family-name" />
        <TextField label={t('details.email')} type="email" {...form.field('email')} autoComplete="email" />
        <TextField label={t('details.phoneNumber')} type="tel" {...form.field('phoneNumber')} autoComplete="tel" />
        <TextField label={t('details.mobileNumber')} type="tel" {...form.field('mobileNumber')} />
        <FormActions label={t('common:common.save')} disabled={form.busy} />
      </form>
    </>
  );
}
