// @vitest-environment node
// Hermes without Expo's polyfills (bare React Native) has neither atob nor TextDecoder: the token's
// expiry is still read from the token, not assumed to be the documented hour.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthClient, decodeJwtClaims, readTokenExpiry } from '../../../src/core/index.js';
import { API_KEY, startService } from '../../support/fixtures.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A JWT whose payload is `claims`, base64url without padding, as issuers write them. */
function jwtOf(claims: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

describe('a token read where atob and TextDecoder are missing', () => {
  it('a 6-second token from the service reads as 6 seconds, not as the documented hour', async () => {
    const running = await startService({ tokenLifetimeSec: 6 });
    // Obtained first: Node's own fetch needs TextDecoder to read the answer (Hermes's does not).
    const client = createAuthClient({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl } });
    const token = await client.getToken();
    client.dispose();
    vi.stubGlobal('atob', undefined);
    vi.stubGlobal('TextDecoder', undefined);

    const { lifetimeMs } = readTokenExpiry(token, Date.now());

    expect(lifetimeMs).toBeLessThanOrEqual(6_000);
    expect(lifetimeMs).toBeGreaterThanOrEqual(5_000);
  });

  it.each([
    ['ASCII', { exp: 1_800_000_000, iat: 1_799_996_400, sub: 'user' }],
    ['two-, three- and four-byte UTF-8', { exp: 1_800_000_000, name: 'Dána Ünal ✓ 🛡️' }],
    ['payload lengths that leave 1 and 2 bytes over', { exp: 1, a: 'x' }],
    ['payload lengths that leave 1 and 2 bytes over', { exp: 1, a: 'xy' }],
  ])('claims of %s decode as they were written', (_label, claims) => {
    vi.stubGlobal('atob', undefined);
    vi.stubGlobal('TextDecoder', undefined);
    expect(decodeJwtClaims(jwtOf(claims))).toEqual(claims);
  });

  it.each([
    ['a character outside base64url', 'eyJleHAiOjF9!'],
    ['bytes that are not UTF-8', Buffer.from([0xff, 0xfe, 0x7b]).toString('base64url')],
  ])('%s: no claims, never a throw', (_label, payload) => {
    expect(decodeJwtClaims(`e30.${payload}.c2ln`)).toBeNull();
  });
});
