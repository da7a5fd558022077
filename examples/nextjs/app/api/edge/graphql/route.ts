import { edgeBackend } from '@/lib/edge-backend';

// The GraphQL proxy on the edge runtime: the same handler, the same answers as /api/graphql.
export const runtime = 'edge';
export const POST = (request: Request) => edgeBackend().graphqlProxy(request);
