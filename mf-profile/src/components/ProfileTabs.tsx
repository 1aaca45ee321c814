import { PageHeader, Tabs } from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';
import { PROFILE_ROUTES } from '../routes';

/** Headline and tab bar shared by every profile tab. */
export function ProfileTabs() {
  const { t } = useTranslation('profile');
  return (
    <>
      <PageHeader title={t('title')} />
      <Tabs
        label={t('title')}
        pattern={PROFILE_ROUTES.tab}
        params={{}}
        tabs={[
          { id: 'details', label: t('tabs.details'), permissions: ['profile.read-member-profile'] },
          { id: 'org-units', label: t('tabs.orgUnits'), permissions: ['profile.read-org-unit-list'] },
          {
            id: 'security',
            label: t('tabs.security'),
            permissions: ['profile.change-password', 'profile.change-username'],
          },
          { id: 'settings', label: t('tabs.settings'), permissions: ['profile.read-profile-setting'] },
        ]}
      />
    </>
  );
}
