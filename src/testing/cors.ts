/**
 * CORS for apps under development on other origins (`npm run mock-service`). Any origin may call:
 * the service is a local fake holding no one's data.
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, authorization',
  'access-control-max-age': '600',
  // Not a CORS-safelisted response header: a page reads a throttled answer's Retry-After only when exposed.
  'access-control-expose-headers': 'retry-after',
};

export function isPreflight(request: Request): boolean {
  return request.method === 'OPTIONS' && request.headers.has('access-control-request-method');
}

/** Adds the CORS headers in place; a network-error response has none to add. */
export function withCors(response: Response): Response {
  if (response.type !== 'error') {
    for (const [name, value] of Object.entries(CORS_HEADERS)) response.headers.set(name, value);
  }
  return response;
}

export function preflightResponse(): Response {
  return withCors(new Response(null, { status: 204 }));
}
