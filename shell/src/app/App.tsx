import { i18n } from '@dash/shared-core';
import { useSessionStore } from '@dash/shared-ui';
import { lazy, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { GlobalLoader } from '../loader/GlobalLoader';
import { SupportChat } from '../support/SupportChat';
import { Toaster } from '../toasts/Toaster';
import { AppRoutes } from './AppRoutes';

// With the signed-in frame's chunk (signedIn.ts): a visitor signing in does not need it.
const AccessChangeNotice = lazy(() => import('./signedIn').then((module) => ({ default: module.AccessChangeNotice })));

/** Follows the licensee's switches while somebody is signed in, on every layout (dashboard, player, print). */
function WhileSignedIn() {
  const signedIn = useSessionStore((state) => state.status === 'authenticated');
  return signedIn ? (
    <Suspense fallback={null}>
      <AccessChangeNotice />
    </Suspense>
  ) : null;
}

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <BrowserRouter>
        <GlobalLoader />
        <AppRoutes />
        <WhileSignedIn />
        <Toaster />
        <SupportChat />
      </BrowserRouter>
    </I18nextProvider>
  );
}
