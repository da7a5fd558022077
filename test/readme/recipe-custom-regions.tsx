import { AuthProvider, DEFAULT_REGIONS, type Regions } from 'graphql-jwt-auth-react';
import type { ReactNode } from 'react';

// A given map replaces the defaults: spread them to keep `us` and `eu`.
export const regions = {
  ...DEFAULT_REGIONS,
  // A base address expands to {base}/v1/auth and {base}/v1/graphql.
  staging: 'https://staging.gateway.example.com',
  // Or both URLs, for a gateway with other paths.
  local: { authUrl: 'http://127.0.0.1:4000/v1/auth', graphqlUrl: 'http://127.0.0.1:4000/v1/graphql' },
} satisfies Regions;

export function Providers({ region, children }: { region: keyof typeof regions; children: ReactNode }) {
  // Inline objects are fine: `regions` is compared by value, so re-renders keep the token.
  return (
    <AuthProvider apiKey="…" region={region} regions={regions}>
      {children}
    </AuthProvider>
  );
}
