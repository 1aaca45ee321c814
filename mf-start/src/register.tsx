import type { AreaRegistration } from '@dash/shared-ui';
import de_DE from './i18n/de_DE.json';
import en_GB from './i18n/en_GB.json';
import { START_ROUTES } from './routes';

const overview = () => import('./features/overview/components/OverviewPage');

export default function register(): AreaRegistration {
  return {
    area: 'mf-start',
    namespace: 'start',
    translations: { de_DE, en_GB },
    routes: [
      { path: START_ROUTES.overview, load: overview },
      { path: START_ROUTES.overviewTab, load: overview },
      // Known routes that come later: "not found" until they are built.
      { path: START_ROUTES.infopoint },
      { path: START_ROUTES.infopointLocation },
      { path: START_ROUTES.templates, permissions: ['templates.read-list'], featureFlag: 'templates' },
      { path: START_ROUTES.calendar, permissions: ['calendar.show'], featureFlag: 'calendar' },
    ],
    navigation: [
      {
        id: 'start-overview',
        section: 'start',
        label: 'common:nav.overview',
        to: START_ROUTES.overview,
        match: { type: 'prefix' },
        order: 1,
      },
      {
        id: 'start-infopoint',
        section: 'start',
        label: 'common:nav.infopoint',
        to: START_ROUTES.infopoint,
        match: { type: 'prefix' },
        order: 2,
      },
      {
        id: 'apps-templates',
        section: 'apps',
        label: 'common:nav.templates',
        to: START_ROUTES.templates,
        permissions: ['templates.read-list'],
        featureFlag: 'templates',
        order: 30,
      },
      {
        id: 'apps-calendar',
        section: 'apps',
        label: 'common:nav.calendar',
        to: START_ROUTES.calendar,
        permissions: ['calendar.show'],
        featureFlag: 'calendar',
        requiresCalendarLink: true,
        order: 40,
      },
    ],
  };
}
