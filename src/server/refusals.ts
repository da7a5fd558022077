import { jsonResponse } from './responses.js';
import type { ServerHandlerOptions } from './options.js';

const isJson = (contentType: string | null) =>
  contentType !== null && /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType.trim());

/** The request's own origin, as the browser would name it. */
const ownOrigin = (request: Request) => new URL(request.url).origin;

/**
 * Why a request may not use the server's key, as the answer to send, or null when it may. Browsers
 * send `Sec-Fetch-Site` and `Origin` on cross-site POSTs, which a cookie alone would let through.
 */
export async function refusal(request: Request, options: ServerHandlerOptions): Promise<Response | null> {
  if (request.method !== 'POST') return jsonResponse(405, { error: 'method not allowed: use POST' }, { allow: 'POST' });
  if (request.headers.get('sec-fetch-site') === 'cross-site') return jsonResponse(403, { error: 'cross-site request refused' });
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== ownOrigin(request) && !(options.allowedOrigins ?? []).includes(origin)) {
    return jsonResponse(403, { error: 'origin not allowed' });
  }
  if (!isJson(request.headers.get('content-type'))) return jsonResponse(415, { error: 'send application/json' });
  if (!(await options.authorizeRequest(request))) return jsonResponse(401, { error: 'not authorized' });
  return null;
}
