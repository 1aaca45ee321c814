import { i18n } from '@dash/shared-core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { GlobalLoader } from '../loader/GlobalLoader';
import { SupportChat } from '../support/SupportChat';
import { Toaster } from '../toasts/Toaster';
import { AppRoutes } from './AppRoutes';

const queryClient = new QueryClient({
  defaultOptions: {
    // Errors are shown by the API client's handler; react-query must not retry a 4xx.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <GlobalLoader />
          <AppRoutes />
          <Toaster />
          <SupportChat />
        </BrowserRouter>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
