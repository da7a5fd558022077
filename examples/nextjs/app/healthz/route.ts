import { backend } from '@/lib/auth-server';

// A readiness probe: 503 while /v1/auth refuses the key or cannot be reached (the handlers keep
// asking, with backoff); ready() asks for a token first when none is held yet.
export async function GET(): Promise<Response> {
  const status = await backend().graphqlProxy.ready();
  return Response.json(status, { status: status.state === 'failing' ? 503 : 200 });
}
