import { afterEach } from 'vitest';
import { freshJwt } from './crafted-jwt.js';
import { serve } from './serve.js';

export interface Received {
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

export interface RedirectTrap {
  /** Answers every request with a 307 to the same path on `elsewhere`. */
  readonly redirectingUrl: string;
  /** Another origin (another port of 127.0.0.1): records every request it gets. */
  readonly elsewhere: string;
  /** What reached the other origin: a key in a body, a token or a cookie in the headers. */
  readonly received: Received[];
  /** The token the other origin hands out, had the credential been carried there. */
  readonly foreignToken: string;
}

const closers: Array<() => Promise<void>> = [];

/**
 * Both servers allow any origin, as a public API does: a browser then lets the page see the 307 (and
 * would follow it), rather than failing the request at its CORS check before any redirect is read.
 */
const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, authorization', 'access-control-allow-methods': 'POST' };
const preflight = (request: Request) => (request.method === 'OPTIONS' ? new Response(null, { status: 204, headers: CORS }) : null);
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/**
 * Two servers on 127.0.0.1: one that redirects every POST (307: the method and body go along) and the
 * origin it points to, which answers as the service or the app's endpoints would, with its own token.
 */
export async function startRedirectTrap(): Promise<RedirectTrap> {
  const foreignToken = freshJwt();
  const received: Received[] = [];
  const other = await serve(async (request) => {
    const { pathname } = new URL(request.url);
    received.push({ path: pathname, headers: Object.fromEntries(request.headers), body: await request.text() });
    const answer = pathname.endsWith('/auth') || pathname.endsWith('/token') ? { token: foreignToken, region: 'test' } : { data: { __typename: 'Query' } };
    return preflight(request) ?? Response.json(answer, { headers: CORS });
  });
  const redirecting = await serve((request) => {
    const { pathname, search } = new URL(request.url);
    const redirect = new Response(null, { status: 307, headers: { ...CORS, location: `${other.url}${pathname}${search}` } });
    return Promise.resolve(preflight(request) ?? redirect);
  });
  closers.push(other.close, redirecting.close);
  return { redirectingUrl: redirecting.url, elsewhere: other.url, received, foreignToken };
}
