import { AuthProvider, createAuthClient } from 'graphql-jwt-auth-react';
import type { ReactNode } from 'react';
import { PentestsDocument } from './documents.js';

// The gateway wants the token in its own header instead of `Authorization: Bearer …`.
const authorize = (token: string) => ({ 'x-access-token': token });

// A header on every request (the auth call included): wrap fetch.
const withTracing: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  headers.set('x-client', 'my-app/1.0');
  return fetch(input, { ...init, headers });
};

export function Providers({ apiKey, children }: { apiKey: string; children: ReactNode }) {
  return (
    <AuthProvider apiKey={apiKey} region="us" authorize={authorize} fetch={withTracing}>
      {children}
    </AuthProvider>
  );
}

// A header on one request, outside the hooks. Headers named like the token's are replaced by it.
export async function pentestsWithRequestId(apiKey: string) {
  const client = createAuthClient({ apiKey, region: 'us', authorize });
  try {
    return await client.request(PentestsDocument, { page_size: 5 }, { headers: { 'x-request-id': crypto.randomUUID() } });
  } finally {
    client.dispose();
  }
}
