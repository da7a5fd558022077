/**
 * CORS for the origins the app lists in `allowedOrigins` (a separate front end), and for no other:
 * a page of an unlisted origin gets no CORS header, so its browser neither sends a preflighted call
 * nor lets it read an answer. The listed origin is echoed, never `*`, since the calls carry the
 * app's cookies and a browser reads a credentialed answer only under its exact origin.
 */

import { isLoopbackHost } from '../core/wire/loopback-host.js';

/** Ten minutes: a browser asks again soon after an origin is taken off the list. */
const PREFLIGHT_MAX_AGE_SECONDS = '600';
/** A header name as HTTP defines one (a token). */
const HEADER_NAME = /^[!#$%&'*+.^`|~\w-]+$/;

/** The request's `Origin` when `allowedOrigins` lists it as sent, else null. */
export function listedOrigin(request: Request, allowedOrigins: readonly string[]): string | null {
  const origin = request.headers.get('origin');
  return allowedOrigins.find((listed) => listed === origin) ?? null;
}

/**
 * The listed origins served over plain http from another machine. Such a page can be rewritten by
 * anyone on its network path (a café's Wi-Fi, a proxy), and a listed origin's page gets your users'
 * tokens or data with their cookies: worth a warning at start-up, not a refusal, since a staging
 * network may be trusted. Loopback is this machine: development there is fine.
 */
export function plainHttpOrigins(allowedOrigins: readonly string[]): string[] {
  return allowedOrigins.filter((origin) => {
    const url = new URL(origin);
    return url.protocol === 'http:' && !isLoopbackHost(url.hostname);
  });
}

/** A browser asking whether it may POST (the only method the handlers take). */
export function isPostPreflight(request: Request): boolean {
  return request.method === 'OPTIONS' && request.headers.get('access-control-request-method') === 'POST';
}

/**
 * The headers the page asked to send, allowed: the origin is one the app trusts, and the handlers
 * forward none of a browser's headers upstream. An app's own (a request id, a fetch wrapper's
 * tracing header) then works without a list to keep in step.
 */
function allowedHeaders(request: Request): string {
  const asked = (request.headers.get('access-control-request-headers') ?? '').split(',').map((name) => name.trim().toLowerCase());
  return [...new Set(['content-type', ...asked.filter((name) => HEADER_NAME.test(name))])].join(', ');
}

/** The answer to a listed origin's preflight: POST, with the headers it asked for. */
export function preflightAnswer(request: Request): Response {
  return new Response(null, {
    status: 204,
    headers: {
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': allowedHeaders(request),
      'access-control-max-age': PREFLIGHT_MAX_AGE_SECONDS,
      'cache-control': 'no-store',
    },
  });
}

/**
 * Lets the listed origin's page read `response`, whatever its status: a refusal's words and a 503's
 * `Retry-After` (not a CORS-safelisted header) matter to the client as much as a token does. Set in
 * place: every answer of the handlers is a Response of their own making, its headers writable.
 */
export function withCors(response: Response, origin: string): Response {
  const { headers } = response;
  headers.set('access-control-allow-origin', origin);
  headers.set('access-control-allow-credentials', 'true');
  headers.set('access-control-expose-headers', 'retry-after');
  headers.append('vary', 'Origin');
  return response;
}
