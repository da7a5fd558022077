import { backend } from '@/lib/auth-server';

// A readiness probe: 503 while /v1/auth refuses the key (the handlers keep asking, with backoff).
export function GET(): Response {
  const status = backend().graphqlProxy.status();
  return Response.json(status, { status: status.state === 'failing' ? 503 : 200 });
}
