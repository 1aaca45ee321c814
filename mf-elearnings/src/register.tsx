import type { AreaRegistration } from '@dash/shared-ui';
import './elearnings.css';
import { ELEARNING_ROUTES } from './routes';

export default function register(): AreaRegistration {
  return {
    area: 'mf-elearnings',
    namespace: 'elearnings',
    // One chunk per language: only the one shown is downloaded.
    loadTranslations: async (language) =>
      (language === 'en_GB' ? await import('./i18n/en_GB.json') : await import('./i18n/de_DE.json')).default,
    routes: [
      {
        path: ELEARNING_ROUTES.catalogList,
        load: () => import('./features/catalog/components/CatalogListPage'),
        permissions: ['elearning.read-catalog', 'elearning.read-statistics'],
        featureFlag: 'elearnings',
      },
      {
        path: ELEARNING_ROUTES.myElearnings,
        load: () => import('./features/my-tasks/components/MyElearningsPage'),
        permissions: ['elearning.read-member-tasks'],
        featureFlag: 'elearnings',
      },
      {
        path: ELEARNING_ROUTES.myCertificates,
        load: () => import('./features/my-certificates/components/MyCertificatesPage'),
        permissions: ['elearning.read-member-tasks'],
        featureFlag: 'elearnings',
      },
      {
        path: ELEARNING_ROUTES.catalogDetails,
        load: () => import('./features/details/components/ElearningDetailsPage'),
        permissions: ['elearning.read-settings', 'elearning.read-org-unit-assignments', 'elearning.read-statistics'],
        featureFlag: 'elearnings',
      },
      {
        // The player: the course across the content area, with the way back in its header.
        path: ELEARNING_ROUTES.execution,
        title: 'elearnings:execution.title',
        breadcrumbParent: 'apps-elearnings-my',
        load: () => import('./features/player/components/PlayerPage'),
        permissions: ['elearning.read-member-tasks'],
        featureFlag: 'elearnings',
      },
      {
        path: ELEARNING_ROUTES.certificate,
        load: () => import('./features/certificate/components/CertificatePage'),
        permissions: ['elearning.read-member-tasks'],
        featureFlag: 'elearnings',
        layout: 'print',
        orientation: 'landscape',
        hideSupportChat: true,
      },
    ],
    navigation: [
      {
        id: 'apps-elearnings',
        section: 'apps',
        label: 'common:nav.elearnings',
        featureFlag: 'elearnings',
        order: 10,
        children: [
          {
            id: 'apps-elearnings-my',
            section: 'apps',
            label: 'common:nav.myElearnings',
            to: ELEARNING_ROUTES.myElearnings,
            permissions: ['elearning.read-member-tasks'],
            featureFlag: 'elearnings',
            order: 1,
          },
          {
            // Beside the member's own e-learnings: the certificates they end in.
            id: 'apps-elearnings-certificates',
            section: 'apps',
            label: 'common:nav.myCertificates',
            to: ELEARNING_ROUTES.myCertificates,
            permissions: ['elearning.read-member-tasks'],
            featureFlag: 'elearnings',
            order: 2,
          },
          {
            id: 'apps-elearnings-catalog',
            section: 'apps',
            label: 'common:nav.catalog',
            to: ELEARNING_ROUTES.catalogList,
            match: { type: 'segments', count: 4 },
            permissions: ['elearning.read-catalog', 'elearning.read-statistics'],
            featureFlag: 'elearnings',
            order: 3,
          },
        ],
      },
    ],
  };
}
