import type { AreaRegistration } from '@dash/shared-ui';
import { START_ROUTES } from './routes';

const overview = () => import('./features/overview/components/OverviewPage');
const infopoint = () => import('./features/infopoint/components/InfopointListPage');
const infopointLocation = () => import('./features/infopoint/components/InfopointLocationPage');
const templates = () => import('./features/templates/components/TemplatesPage');
const calendar = () => import('./features/calendar/components/CalendarPage');

export default function register(): AreaRegistration {
  return {
    area: 'mf-start',
    namespace: 'start',
    // One chunk per language: only the one shown is downloaded.
    loadTranslations: async (language) =>
      (language === 'en_GB' ? await import('./i18n/en_GB.json') : await import('./i18n/de_DE.json')).default,
    routes: [
      { path: START_ROUTES.overview, load: overview },
      { path: START_ROUTES.overviewTab, load: overview },
      { path: START_ROUTES.infopoint, load: infopoint },
      { path: START_ROUTES.infopointLocation, load: infopointLocation },
      { path: START_ROUTES.templates, permissions: ['templates.read-list'], featureFlag: 'templates', load: templates },
      { path: START_ROUTES.calendar, permissions: ['calendar.show'], featureFlag: 'calendar', load: calendar },
    ],
  };
}
