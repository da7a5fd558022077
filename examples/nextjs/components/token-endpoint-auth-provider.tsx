'use client';

import { AuthProvider, type Regions, tokenEndpoint } from 'graphql-jwt-auth-react';
import type { ReactNode } from 'react';

// Made in a client module, as the BFF one: the page (a Server Component) passes only the regions.
const endpoint = tokenEndpoint('/api/token');

export function TokenEndpointAuthProvider({ regions, children }: { regions: Regions; children: ReactNode }) {
  return (
    <AuthProvider tokenEndpoint={endpoint} regions={regions}>
      {children}
    </AuthProvider>
  );
}
