import type { ReactNode } from 'react';
import { AuthProvider, autoRegion, sessionPersistence, tabSync, useAuth } from 'graphql-jwt-auth-react';

// Opt-in features are imported and passed in: an app that leaves one out does not ship its code.
const region = autoRegion(); // us, then eu: the first that accepts the key, remembered
const tabs = tabSync('dashboard-auth'); // one /v1/auth call for all tabs; sign-out signs out every tab
const persist = sessionPersistence(); // a reload reuses the token from sessionStorage while it is valid

// A dashboard left open in several tabs for days, used from both regions.
export function Dashboard({ apiKey, children }: { apiKey: string; children: ReactNode }) {
  return (
    <AuthProvider apiKey={apiKey} region={region} tabSync={tabs} persist={persist}>
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
