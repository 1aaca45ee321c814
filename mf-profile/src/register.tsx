import type { AreaRegistration } from '@dash/shared-ui';
import de_DE from './i18n/de_DE.json';
import en_GB from './i18n/en_GB.json';
import { PROFILE_ROUTES } from './routes';

export default function register(): AreaRegistration {
  return {
    area: 'mf-profile',
    namespace: 'profile',
    translations: { de_DE, en_GB },
    routes: [
      {
        path: PROFILE_ROUTES.details,
        load: () => import('./features/details/components/DetailsTab'),
        permissions: ['profile.read-member-profile'],
      },
      {
        path: PROFILE_ROUTES.settings,
        load: () => import('./features/settings/components/SettingsTab'),
        permissions: ['profile.read-profile-setting'],
      },
      // Come with the accounts issue: "not found" until they are built.
      { path: PROFILE_ROUTES.orgUnits, permissions: ['profile.read-org-unit-list'] },
      { path: PROFILE_ROUTES.security, permissions: ['profile.change-password', 'profile.change-username'] },
    ],
    navigation: [],
  };
}
