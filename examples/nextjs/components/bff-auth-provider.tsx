'use client';

import { AuthProvider, graphqlProxy } from 'graphql-jwt-auth-react';
import type { ReactNode } from 'react';

// A mode option carries its mode's code (which is what keeps the other modes out of this page's
// bundle), so it is made in a client module: a Server Component can only pass data across.
const proxy = graphqlProxy('/api/graphql');

export function BffAuthProvider({ children }: { children: ReactNode }) {
  return <AuthProvider graphqlProxy={proxy}>{children}</AuthProvider>;
}
