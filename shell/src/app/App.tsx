import { i18n } from '@dash/shared-core';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { GlobalLoader } from '../loader/GlobalLoader';
import { AccessChangeNotice } from '../session/AccessChangeNotice';
import { SupportChat } from '../support/SupportChat';
import { Toaster } from '../toasts/Toaster';
import { AppRoutes } from './AppRoutes';

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <BrowserRouter>
        <GlobalLoader />
        <AppRoutes />
        <AccessChangeNotice />
        <Toaster />
        <SupportChat />
      </BrowserRouter>
    </I18nextProvider>
  );
}
