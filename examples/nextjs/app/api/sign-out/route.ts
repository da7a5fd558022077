import { clearedSessionCookie } from '@/lib/session';

export function POST(): Response {
  return new Response(null, {
    status: 303,
    headers: { location: '/', 'set-cookie': clearedSessionCookie(), 'cache-control': 'no-store' },
  });
}
