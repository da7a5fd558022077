import { TanStackDevtools } from '@tanstack/react-devtools';
import { ReactQueryDevtoolsPanel } from '@tanstack/react-query-devtools';
import { AuthProvider } from 'graphql-jwt-auth-react';
import { authDevtoolsPlugin } from 'graphql-jwt-auth-react/devtools';
import type { ReactNode } from 'react';

export function Providers({ apiKey, children }: { apiKey: string; children: ReactNode }) {
  return (
    <AuthProvider apiKey={apiKey} region="us">
      {children}
      {/* The auth panel as a tab named "Auth", beside React Query's. Inside the provider: it reads its client. */}
      <TanStackDevtools plugins={[{ name: 'TanStack Query', render: <ReactQueryDevtoolsPanel /> }, authDevtoolsPlugin()]} />
    </AuthProvider>
  );
}
