import { edgeBackend } from '@/lib/edge-backend';

// The token endpoint on the edge runtime: the same handler, the same answers as /api/token.
export const runtime = 'edge';
export const POST = (request: Request) => edgeBackend().tokenHandler(request);
