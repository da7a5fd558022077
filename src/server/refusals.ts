import { jsonResponse } from './responses.js';
import type { HandlerOptionsBase } from './options.js';

// What nearly every client sends is taken at a glance; the pattern is for the rest. Headers has
// stripped the white space around the value already.
const isJson = (contentType: string | null) =>
  contentType === 'application/json' || (contentType !== null && /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType));

const firstValue = (value: string | null) => value?.split(',')[0]?.trim();

/**
 * Whether `origin` is the one the request was addressed to. Frameworks rebuild `request.url` (a
 * Next.js route handler sees http://localhost:PORT whatever address the browser used), so the Host
 * header the browser sent names it too: a page cannot set it on a request to another origin. A
 * proxy's X-Forwarded-Host and -Proto count only when the app says a proxy in front sets them
 * (trustForwardedHeaders): without one, any client could send them.
 */
function isOwnOrigin(origin: string, request: Request, trustForwarded: boolean): boolean {
  if (origin === new URL(request.url).origin) return true;
  // `Origin: null` (a sandboxed frame, a file) names no host.
  if (!URL.canParse(origin)) return false;
  const { host, protocol } = new URL(origin);
  if (host === request.headers.get('host')) return true;
  if (!trustForwarded) return false;
  const forwardedProto = firstValue(request.headers.get('x-forwarded-proto'));
  return host === firstValue(request.headers.get('x-forwarded-host')) && (forwardedProto === undefined || `${forwardedProto}:` === protocol);
}

const unauthorized = (authorized: boolean) => (authorized ? null : jsonResponse(401, { error: 'not authorized' }));

/**
 * Why a request may not use the server's key, as the answer to send, or null when it may. Browsers
 * send `Sec-Fetch-Site` and `Origin` on cross-site POSTs, which a cookie alone would let through;
 * only an origin the app lists (`listed`: its `Origin` is in `allowedOrigins`) may call from
 * another site. The app's `authorizeRequest` is awaited only when it answers with a promise: a
 * token answer takes a few microseconds, and every await is a turn of the microtask queue.
 */
export function refusal(request: Request, options: HandlerOptionsBase, listed: boolean): Response | null | Promise<Response | null> {
  if (request.method !== 'POST') return jsonResponse(405, { error: 'method not allowed: use POST' }, { allow: 'POST' });
  if (!listed && request.headers.get('sec-fetch-site') === 'cross-site') return jsonResponse(403, { error: 'cross-site request refused' });
  const origin = request.headers.get('origin');
  if (origin !== null && !listed && !isOwnOrigin(origin, request, options.trustForwardedHeaders === true)) {
    return jsonResponse(403, { error: 'origin not allowed' });
  }
  if (!isJson(request.headers.get('content-type'))) return jsonResponse(415, { error: 'send application/json' });
  // Left out only with a credentials resolver, whose null is the refusal.
  if (options.authorizeRequest === undefined) return null;
  const authorized = options.authorizeRequest(request);
  return typeof authorized === 'boolean' ? unauthorized(authorized) : Promise.resolve(authorized).then(unauthorized);
}
