import type { AreaRegistration } from '@dash/shared-ui';
import { LICENSEE_CONSOLE_ROUTES } from './routes';

/** The licensee console: loaded only for licensee staff (areas.json: audience `licensee`). */
export default function register(): AreaRegistration {
  return {
    area: 'mf-licensee',
    namespace: 'licensee',
    // One chunk per language: only the one shown is downloaded.
    loadTranslations: async (language) =>
      (language === 'en_GB' ? await import('./i18n/en_GB.json') : await import('./i18n/de_DE.json')).default,
    routes: [
      {
        path: LICENSEE_CONSOLE_ROUTES.clients,
        load: () => import('./features/clients/components/ClientListPage'),
        permissions: ['licensee.client-list'],
      },
      {
        path: LICENSEE_CONSOLE_ROUTES.newClient,
        load: () => import('./features/clients/components/CreateClientPage'),
        permissions: ['licensee.client-create'],
        title: 'licensee:create.title',
        breadcrumbParent: 'licensee-clients',
      },
      {
        path: LICENSEE_CONSOLE_ROUTES.clientDetails,
        load: () => import('./features/clients/components/ClientDetailsPage'),
        permissions: ['licensee.client-details'],
        title: 'licensee:details.title',
        breadcrumbParent: 'licensee-clients',
      },
      {
        path: LICENSEE_CONSOLE_ROUTES.branding,
        load: () => import('./features/branding/components/BrandingPage'),
        permissions: ['licensee.branding-read'],
      },
      {
        path: LICENSEE_CONSOLE_ROUTES.supportSessions,
        load: () => import('./features/support/components/SupportSessionsPage'),
        permissions: ['licensee.support-sessions'],
      },
      {
        path: LICENSEE_CONSOLE_ROUTES.audit,
        load: () => import('./features/audit/components/AuditPage'),
        permissions: ['licensee.audit-list'],
      },
      {
        path: LICENSEE_CONSOLE_ROUTES.usage,
        load: () => import('./features/usage/components/UsagePage'),
        permissions: ['licensee.usage-read'],
      },
      {
        path: LICENSEE_CONSOLE_ROUTES.staff,
        load: () => import('./features/staff/components/StaffPage'),
        permissions: ['licensee.staff-list'],
      },
      {
        path: LICENSEE_CONSOLE_ROUTES.releases,
        load: () => import('./features/releases/components/ReleasesPage'),
        permissions: ['licensee.releases-read'],
      },
    ],
  };
}
