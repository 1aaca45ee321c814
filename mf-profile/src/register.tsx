import type { AreaRegistration } from '@dash/shared-ui';
import { PROFILE_ROUTES } from './routes';

export default function register(): AreaRegistration {
  return {
    area: 'mf-profile',
    namespace: 'profile',
    // One chunk per language: only the one shown is downloaded.
    loadTranslations: async (language) =>
      (language === 'en_GB' ? await import('./i18n/en_GB.json') : await import('./i18n/de_DE.json')).default,
    routes: [
      {
        path: PROFILE_ROUTES.details,
        title: 'common:nav.profile',
        load: () => import('./features/details/components/DetailsTab'),
        permissions: ['profile.read-member-profile'],
      },
      {
        path: PROFILE_ROUTES.settings,
        title: 'common:nav.profile',
        load: () => import('./features/settings/components/SettingsTab'),
        permissions: ['profile.read-profile-setting'],
      },
      {
        path: PROFILE_ROUTES.orgUnits,
        title: 'common:nav.profile',
        load: () => import('./features/orgUnits/components/OrgUnitsTab'),
        permissions: ['profile.read-org-unit-list'],
      },
      {
        path: PROFILE_ROUTES.security,
        title: 'common:nav.profile',
        load: () => import('./features/security/components/SecurityTab'),
        permissions: ['profile.change-password', 'profile.change-username'],
      },
    ],
  };
}
