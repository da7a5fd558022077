import { AuthProvider } from 'graphql-jwt-auth-react';
import { AuthDevtools } from 'graphql-jwt-auth-react/devtools';
import type { ReactNode } from 'react';

export function Providers({ apiKey, children }: { apiKey: string; children: ReactNode }) {
  return (
    <AuthProvider apiKey={apiKey} region="us">
      {children}
      {/* Renders nothing outside development: a production build carries none of it. */}
      <AuthDevtools position="bottom-left" />
    </AuthProvider>
  );
}
