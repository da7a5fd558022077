import type { ReactNode } from 'react';
import { AuthProvider, useAuth } from 'graphql-jwt-auth-react';

// A dashboard left open in several tabs for days, used from both regions.
export function Dashboard({ apiKey, children }: { apiKey: string; children: ReactNode }) {
  return (
    <AuthProvider
      apiKey={apiKey}
      region="auto" // us, then eu: the first that accepts the key, remembered
      tabSync="dashboard-auth" // one /v1/auth call for all tabs; sign-out signs out every tab
      persist // a reload reuses the token from sessionStorage while it is valid
    >
      <TokenBadge />
      {children}
    </AuthProvider>
  );
}

function TokenBadge() {
  const { status, region, expiresAt } = useAuth();
  if (status !== 'authenticated' || expiresAt === null) return <small>{status}</small>;
  return <small>{`${region ?? ''} · valid until ${new Date(expiresAt).toLocaleTimeString()}`}</small>;
}
