import type { AreaRegistration } from '@dash/shared-ui';
import de_DE from './i18n/de_DE.json';
import en_GB from './i18n/en_GB.json';
import { AUTH_ROUTES } from './routes';

const loginPage = () => import('./features/login/components/LoginPage');

export default function register(): AreaRegistration {
  return {
    area: 'mf-auth',
    namespace: 'auth',
    translations: { de_DE, en_GB },
    routes: [
      { path: AUTH_ROUTES.login, load: loginPage, layout: 'auth' },
      { path: AUTH_ROUTES.loginWithClient, load: loginPage, layout: 'auth' },
      // Known routes of the spec that come with the account issue: the shell answers "not found" until then.
      { path: AUTH_ROUTES.forgotPassword, layout: 'auth' },
      { path: AUTH_ROUTES.resetPassword, layout: 'auth' },
      { path: AUTH_ROUTES.supportLogin, layout: 'auth' },
    ],
    navigation: [],
  };
}
