import type { AreaRegistration } from '@dash/shared-ui';
import { RISK_ASSESSMENT_ROUTES } from './routes';
import './riskAssessments.css';

export default function register(): AreaRegistration {
  return {
    area: 'mf-risk-assessments',
    namespace: 'riskAssessments',
    // One chunk per language: only the one shown is downloaded.
    loadTranslations: async (language) =>
      (language === 'en_GB' ? await import('./i18n/en_GB.json') : await import('./i18n/de_DE.json')).default,
    routes: [
      {
        path: RISK_ASSESSMENT_ROUTES.catalogList,
        load: () => import('./features/catalog/components/CatalogListPage'),
        permissions: ['risk-assessment.read-catalog-list'],
        featureFlag: 'riskAssessments',
      },
      {
        path: RISK_ASSESSMENT_ROUTES.myAnalyses,
        load: () => import('./features/my-tasks/components/MyAnalysesPage'),
        permissions: ['risk-assessment.read-member-tasks'],
        featureFlag: 'riskAssessments',
      },
      {
        path: RISK_ASSESSMENT_ROUTES.myActions,
        load: () => import('./features/my-actions/components/MyActionsPage'),
        permissions: ['risk-assessment.read-member-tasks'],
        featureFlag: 'riskAssessments',
      },
      {
        path: RISK_ASSESSMENT_ROUTES.evaluationList,
        load: () => import('./features/evaluation/components/EvaluationListPage'),
        permissions: ['risk-assessment.read-assignment-overview-list'],
        featureFlag: 'riskAssessments',
      },
      {
        path: RISK_ASSESSMENT_ROUTES.evaluationDetails,
        load: () => import('./features/evaluation/components/EvaluationDetailsPage'),
        permissions: ['risk-assessment.read-risk-list'],
        featureFlag: 'riskAssessments',
      },
      {
        path: RISK_ASSESSMENT_ROUTES.riskActionList,
        load: () => import('./features/evaluation/components/RiskActionListPage'),
        permissions: ['risk-assessment.read-risk-action-list'],
        featureFlag: 'riskAssessments',
        layout: 'print',
        orientation: 'landscape',
        hideSupportChat: true,
      },
      {
        path: RISK_ASSESSMENT_ROUTES.catalogDetails,
        load: () => import('./features/catalog/components/CatalogDetailsPage'),
        permissions: ['risk-assessment.read-settings'],
        featureFlag: 'riskAssessments',
      },
      {
        path: RISK_ASSESSMENT_ROUTES.execution,
        title: 'riskAssessments:execution.title',
        breadcrumbParent: 'apps-risk-assessments-my',
        load: () => import('./features/execution/components/ExecutionPage'),
        permissions: ['risk-assessment.read-member-tasks'],
        featureFlag: 'riskAssessments',
      },
    ],
  };
}
