'use client';

import { AuthProvider, graphqlProxy, graphqlSubscriptions } from 'graphql-jwt-auth-react';
import type { ReactNode } from 'react';

const proxy = graphqlProxy('/api/graphql');
// Subscriptions as graphql-sse event streams to the same route (`url` keeps them there, not at
// /api/graphql/stream): the proxy holds the key and the token and moves its own stream upstream to each
// new token, so the browser's stream never sees a renewal. `load` code-splits graphql-sse out of the
// pages that do not subscribe.
const subscriptions = graphqlSubscriptions({ transport: 'sse', url: (url) => url, load: () => import('graphql-sse') });

export function LiveAuthProvider({ children }: { children: ReactNode }) {
  return (
    <AuthProvider graphqlProxy={proxy} subscriptions={subscriptions}>
      {children}
    </AuthProvider>
  );
}
