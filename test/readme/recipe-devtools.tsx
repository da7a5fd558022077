import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ReactQueryDevtools } from '@tanstack/react-query-devtools';
import { AuthProvider } from 'graphql-jwt-auth-react';
import type { ReactNode } from 'react';

const queryClient = new QueryClient();

export function Providers({ apiKey, children }: { apiKey: string; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider apiKey={apiKey} region="us">
        {children}
      </AuthProvider>
      {/* Our queries are the ones whose key starts with "graphql". Left out of production builds. */}
      <ReactQueryDevtools initialIsOpen={false} />
    </QueryClientProvider>
  );
}
