// Shared by every answer without headers of its own: a Response copies the headers it is given.
const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'content-type': 'application/json', 'cache-control': 'no-store' });

/** Every answer of a handler: JSON, never cached (it may carry a token or a user's data). */
export function jsonResponse(status: number, body: unknown, headers?: Record<string, string>): Response {
  return jsonTextResponse(status, JSON.stringify(body), headers);
}

/** A JSON answer already serialised: the token handler keeps its answer's text while the token lasts. */
export function jsonTextResponse(status: number, text: string, headers?: Record<string, string>): Response {
  return new Response(text, { status, headers: headers === undefined ? JSON_HEADERS : { ...JSON_HEADERS, ...headers } });
}

/** A GraphQL-shaped error answer, so a GraphQL client reads it as one. */
export function graphqlErrorResponse(status: number, message: string, code: string, headers?: Record<string, string>): Response {
  return jsonResponse(status, { errors: [{ message, extensions: { code } }] }, headers);
}
