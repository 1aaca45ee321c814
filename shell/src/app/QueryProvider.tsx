import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * Server data for the signed-in pages. Loaded with the first signed-in page (not before the sign-in page, which
 * needs no cache), and one client for the whole visit.
 */
const queryClient = new QueryClient({
  defaultOptions: {
    // Errors are shown by the API client's handler; react-query must not retry a 4xx.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

export default function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
