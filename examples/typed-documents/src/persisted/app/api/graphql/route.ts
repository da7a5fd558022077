// src/app/api/graphql/route.ts (create-next-app with src/): the list is imported, so `next build`
// bundles the manifest codegen wrote for this very build beside the handler. The page's ids and the
// server's list come from one build, on a Node server, on Vercel or at the edge alike: run codegen
// before the build ("prebuild": "graphql-codegen" in package.json).
import { createGraphQLProxy } from 'graphql-jwt-auth-react/server';
import operations from '../../../gql/persisted-documents.json';
import { isSignedIn } from '../../../session';

const proxy = createGraphQLProxy({
  apiKey: process.env.API_KEY ?? '',
  region: 'us',
  // The mock service (npx -p graphql-jwt-auth-react graphql-jwt-auth-mock); leave `regions` out for the real service's us/eu.
  regions: { us: process.env.UPSTREAM_URL ?? 'http://127.0.0.1:4000' },
  operations,
  // Your own check of your user. Required: nothing lets everyone in.
  authorizeRequest: isSignedIn,
});

// The browser's <AuthProvider graphqlProxy={graphqlProxy('/api/graphql', { sendDocumentIds: true })}>.
export const POST = (request: Request) => proxy(request);
