import type { AreaRegistration } from '@dash/shared-ui';
import { AUTH_ROUTES } from './routes';

const loginPage = () => import('./features/login/components/LoginPage');
const forgotPasswordPage = () => import('./features/password/components/ForgotPasswordPage');
const resetPasswordPage = () => import('./features/password/components/ResetPasswordPage');
const supportLoginPage = () => import('./features/support/components/SupportLoginPage');
const licenseeLoginPage = () => import('./features/licenseeLogin/components/LicenseeLoginPage');
const licenseeForgotPasswordPage = () =>
  import('./features/password/components/ForgotPasswordPage').then((page) => ({
    default: page.LicenseeForgotPasswordPage,
  }));
const licenseeResetPasswordPage = () =>
  import('./features/password/components/ResetPasswordPage').then((page) => ({
    default: page.LicenseeResetPasswordPage,
  }));

export default function register(): AreaRegistration {
  return {
    area: 'mf-auth',
    namespace: 'auth',
    // One chunk per language: only the one shown is downloaded.
    loadTranslations: async (language) =>
      (language === 'en_GB' ? await import('./i18n/en_GB.json') : await import('./i18n/de_DE.json')).default,
    routes: [
      { path: AUTH_ROUTES.login, load: loginPage, layout: 'auth' },
      { path: AUTH_ROUTES.loginWithClient, load: loginPage, layout: 'auth' },
      { path: AUTH_ROUTES.forgotPassword, load: forgotPasswordPage, layout: 'auth' },
      // Set or reset password: reached from a reset mail or a welcome mail (new member, password mode byEmail).
      { path: AUTH_ROUTES.resetPassword, load: resetPasswordPage, layout: 'auth' },
      { path: AUTH_ROUTES.supportLogin, load: supportLoginPage, layout: 'auth' },
      { path: AUTH_ROUTES.licenseeLogin, load: licenseeLoginPage, layout: 'auth' },
      // Licensee staff: forgotten password, and the link of a reset or welcome mail (signs in to the console).
      { path: AUTH_ROUTES.licenseeForgotPassword, load: licenseeForgotPasswordPage, layout: 'auth' },
      { path: AUTH_ROUTES.licenseeResetPassword, load: licenseeResetPasswordPage, layout: 'auth' },
    ],
  };
}
