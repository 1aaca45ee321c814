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
        path: ELEARNING_ROUTES.myInstructions,
        load: () => import('./features/instructions/components/MyInstructionsPage'),
        permissions: ['instruction.read-member-tasks'],
        featureFlag: 'elearnings',
      },
      {
        path: ELEARNING_ROUTES.instructionList,
        load: () => import('./features/instructions/components/InstructionListPage'),
        permissions: ['instruction.read-list'],
        featureFlag: 'elearnings',
      },
      {
        path: ELEARNING_ROUTES.instructionCreate,
        title: 'elearnings:instructions.create.title',
        breadcrumbParent: 'apps-elearnings-instructions',
        load: () => import('./features/instructions/components/CreateInstructionPage'),
        permissions: ['instruction.record'],
        featureFlag: 'elearnings',
      },
      {
        path: ELEARNING_ROUTES.instructionDetails,
        title: 'elearnings:instructions.details.title',
        breadcrumbParent: 'apps-elearnings-instructions',
        load: () => import('./features/instructions/components/InstructionDetailsPage'),
        permissions: ['instruction.read-list'],
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
  };
}
