import type { AreaRegistration } from '@dash/shared-ui';
import { COMPANY_ROUTES } from './routes';

export default function register(): AreaRegistration {
  return {
    area: 'mf-company',
    namespace: 'company',
    // One chunk per language: only the one shown is downloaded.
    loadTranslations: async (language) =>
      (language === 'en_GB' ? await import('./i18n/en_GB') : await import('./i18n/de_DE')).default,
    routes: [
      {
        path: COMPANY_ROUTES.memberList,
        load: () => import('./features/members/components/MemberListPage'),
        permissions: ['member-list.get-list'],
      },
      {
        path: COMPANY_ROUTES.memberDetails,
        load: () => import('./features/members/components/MemberDetailsPage'),
        permissions: ['member-list.memberdetails'],
      },
      {
        path: COMPANY_ROUTES.memberImport,
        title: 'company:memberImport.title',
        breadcrumbParent: 'company-members-list',
        load: () => import('./features/memberImport/components/MemberImportPage'),
        permissions: ['member-import.import'],
      },
      // Routes of the spec that come with the company issue: "not found" until they are built.
      {
        path: COMPANY_ROUTES.memberArchive,
        load: () => import('./features/archive/components/ArchiveListPage'),
        permissions: ['archive-member.list'],
      },
      {
        path: COMPANY_ROUTES.groupList,
        load: () => import('./features/memberGroups/components/GroupListPage'),
        permissions: ['member-group.read-list'],
      },
      {
        path: COMPANY_ROUTES.groupDetails,
        load: () => import('./features/memberGroups/components/GroupDetailsPage'),
        permissions: ['member-group.read-details'],
      },
      {
        path: COMPANY_ROUTES.locationList,
        load: () => import('./features/locations/components/LocationListPage'),
        permissions: ['location.location-list'],
      },
      {
        path: COMPANY_ROUTES.locationDetails,
        load: () => import('./features/locations/components/LocationDetailsPage'),
        permissions: ['location.location-detail'],
      },
      {
        path: COMPANY_ROUTES.orgUnitList,
        load: () => import('./features/orgUnits/components/OrgUnitTreePage'),
        permissions: ['org-unit.org-unit-list'],
      },
      {
        path: COMPANY_ROUTES.orgUnitDetails,
        load: () => import('./features/orgUnits/components/OrgUnitDetailsPage'),
        permissions: ['org-unit.detail'],
      },
      {
        path: COMPANY_ROUTES.settingsDetails,
        load: () => import('./features/settings/components/CompanyDetailsPage'),
        permissions: ['clientdetails.read-details'],
      },
      {
        path: COMPANY_ROUTES.settingsConfiguration,
        load: () => import('./features/settings/components/CompanyConfigurationPage'),
        permissions: ['clientdetails.read-configuration'],
      },
      {
        path: COMPANY_ROUTES.settingsSupportAudit,
        load: () => import('./features/supportAudit/components/SupportAuditPage'),
        permissions: ['clientdetails.read-configuration'],
      },
    ],
  };
}
