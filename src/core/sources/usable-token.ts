/**
 * RFC 6750's b64token, the characters a Bearer credential may have (a JWT always fits). Anything
 * else would break the header or be sent as `Bearer null`, so it is refused rather than stored.
 */
const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;
const PLACEHOLDER_TOKENS = new Set(['undefined', 'null']);

/** Whether a token from anywhere (a `/v1/auth` answer, another tab, storage) can be sent as it is. */
export function isUsableToken(token: unknown): token is string {
  return typeof token === 'string' && BEARER_TOKEN.test(token) && !PLACEHOLDER_TOKENS.has(token);
}
