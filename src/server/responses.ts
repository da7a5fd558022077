/** Every answer of a handler: JSON, never cached (it may carry a token or a user's data). */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });
}

/** A GraphQL-shaped error answer, so a GraphQL client reads it as one. */
export function graphqlErrorResponse(status: number, message: string, code: string): Response {
  return jsonResponse(status, { errors: [{ message, extensions: { code } }] });
}
