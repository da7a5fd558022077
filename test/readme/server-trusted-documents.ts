// server/graphql-proxy.ts: the proxy runs only the operations the app was built with. GraphQL Code
// Generator's client preset, given `persistedDocuments: true`, writes persisted-documents.json (each
// operation's text under its hash) beside the code it generates; the server reads it once, at start.
import { readFileSync } from 'node:fs';
import { createGraphQLProxy, type OperationFacts } from 'graphql-jwt-auth-react/server';
import type { Regions } from 'graphql-jwt-auth-react/core';

/** Your own record of who a request's session belongs to (a cookie your sign-in route set). */
export interface Users {
  userOf: (request: Request) => Promise<{ id: string; admin: boolean } | null>;
}

/** Any signed-in user may read; only an admin may run a mutation (one of them launches a pentest with the server's key). */
export const mayRun = (user: { admin: boolean }, operation: OperationFacts) => operation.type === 'query' || user.admin;

export function trustedGraphQLProxy(users: Users, { manifest = 'src/gql/persisted-documents.json', regions }: { manifest?: string; regions?: Regions } = {}) {
  return createGraphQLProxy({
    apiKey: process.env.API_KEY ?? '',
    region: 'us',
    ...(regions === undefined ? {} : { regions }),
    // id → text: only these texts ever reach the service, asked for by id or by the exact text.
    operations: JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string>,
    authorizeRequest: async (request) => (await users.userOf(request)) !== null,
    // Told the list's own facts (name, type, id), never what the browser claims.
    authorizeOperation: async (request, operation) => {
      const user = await users.userOf(request);
      return user !== null && mayRun(user, operation);
    },
  });
}
