/**
 * Answers from memory for the client-only scenarios: no socket, no server, a Response built per call
 * (a body is read once). Every contender gets the same answers, so what differs is its own work.
 */

const JSON_ANSWER = { headers: { 'content-type': 'application/json' } };
const RESULT = JSON.stringify({ data: { pentests_page: { pentests: [{ op_id: 'op-1', name: 'Weekly internal – HQ US #1' }] } } });
const EXPIRED = JSON.stringify({ message: 'The incoming token has expired' });

const urlOf = (input: Parameters<typeof fetch>[0]) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

/** A JWT-shaped token valid for an hour (signature unchecked: only `exp` is read by the clients). */
function mintToken(serial: number): string {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `e30.${Buffer.from(JSON.stringify({ exp, serial })).toString('base64url')}.sig`;
}

/** The same result for every GraphQL request, whatever its token; a fresh token for the auth call. */
export function cannedFetch(): { fetch: typeof fetch; token: string } {
  const token = mintToken(0);
  const auth = JSON.stringify({ token });
  const answer: typeof fetch = (input) => Promise.resolve(new Response(urlOf(input).endsWith('/v1/auth') ? auth : RESULT, JSON_ANSWER));
  return { fetch: answer, token };
}

/**
 * A service that checks tokens: the result for a token it issued, the expired answer (401) for any
 * other; `revoke()` expires every token issued so far. Counts auth calls and GraphQL sends.
 */
export function checkingFetch() {
  const valid = new Set<string>();
  const counts = { auth: 0, sends: 0 };
  const answer: typeof fetch = (input, init) => {
    if (urlOf(input).endsWith('/v1/auth')) {
      counts.auth += 1;
      const token = mintToken(counts.auth);
      valid.add(token);
      return Promise.resolve(new Response(JSON.stringify({ token }), JSON_ANSWER));
    }
    counts.sends += 1;
    const bearer = new Headers(init?.headers).get('authorization')?.slice('Bearer '.length) ?? '';
    return Promise.resolve(valid.has(bearer) ? new Response(RESULT, JSON_ANSWER) : new Response(EXPIRED, { ...JSON_ANSWER, status: 401 }));
  };
  return {
    fetch: answer,
    counts,
    revoke: () => {
      valid.clear();
    },
  };
}
