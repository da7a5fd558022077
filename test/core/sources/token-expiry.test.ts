import { describe, expect, it } from 'vitest';
import { decodeJwtClaims, readTokenExpiry, TOKEN_LIFETIME_MS } from '../../../src/core/index.js';
import { craftJwt, craftJwtWithPayload } from '../../support/crafted-jwt.js';
import { base64urlEncode } from '../../support/jwt.js';

// Whole seconds, so claims in seconds and expiries in ms compare exactly.
const REQUESTED_AT = 1_800_000_000_000;
const REQUESTED_S = REQUESTED_AT / 1000;
// `assumed`: the token said nothing usable of its expiry, which the client tells once (expiry-unread).
const DOCUMENTED_HOUR = { expiresAt: REQUESTED_AT + TOKEN_LIFETIME_MS, lifetimeMs: TOKEN_LIFETIME_MS, assumed: true };

describe('decodeJwtClaims', () => {
  it.each([
    // base64url's own alphabet: '-' and '_' stand for base64's '+' and '/'.
    ['uses "-" and "_"', { sub: '~~~???>>>' }, (payload: string) => /-/.test(payload) && /_/.test(payload)],
    ['needs no padding (length a multiple of 4)', { sub: 'ab' }, (payload: string) => payload.length % 4 === 0],
    ['needs two "=" of padding', { sub: 'abc' }, (payload: string) => payload.length % 4 === 2],
    ['needs one "=" of padding', { sub: 'a' }, (payload: string) => payload.length % 4 === 3],
  ])('reads the claims of a payload that %s', (_label, claims, payloadIsSo) => {
    const payload = base64urlEncode(JSON.stringify(claims));
    expect(payloadIsSo(payload)).toBe(true);

    expect(decodeJwtClaims(craftJwtWithPayload(payload))).toEqual(claims);
  });

  it.each([
    ['two parts', (payload: string) => `eyJhbGciOiJIUzI1NiJ9.${payload}`],
    ['four parts', (payload: string) => `eyJhbGciOiJIUzI1NiJ9.${payload}.c2ln.c2ln`],
  ])('is null for a token of %s, even around a readable payload', (_label, token) => {
    expect(decodeJwtClaims(token(base64urlEncode(JSON.stringify({ exp: REQUESTED_S }))))).toBeNull();
  });

  it.each([['null'], ['42'], ['"a string"'], ['[1,2]'], ['true']])('is null for a payload that is JSON %s, not an object', (json) => {
    expect(decodeJwtClaims(craftJwtWithPayload(base64urlEncode(json)))).toBeNull();
  });

  it.each([
    ['not base64url', '!!!'],
    ['base64url of no JSON', base64urlEncode('{"exp":')],
  ])('is null (not undefined) for a payload %s', (_label, payload) => {
    expect(decodeJwtClaims(craftJwtWithPayload(payload))).toBeNull();
  });
});

describe('readTokenExpiry', () => {
  it('with exp and iat: lives exp − iat from the request, less iat’s rounding; the issuer’s offset follows', () => {
    const token = craftJwt({ iat: REQUESTED_S - 7200, exp: REQUESTED_S - 7200 + 600 }); // issuer 2 h behind us

    expect(readTokenExpiry(token, REQUESTED_AT)).toEqual({
      expiresAt: REQUESTED_AT + 599_000,
      lifetimeMs: 599_000,
      issuerOffsetMs: REQUESTED_AT + 599_000 - (REQUESTED_AT - 7_200_000 + 600_000),
    });
  });

  it('a token living one second loses half of it to iat’s rounding, not all of it', () => {
    const token = craftJwt({ iat: REQUESTED_S, exp: REQUESTED_S + 1 });

    expect(readTokenExpiry(token, REQUESTED_AT)).toMatchObject({ expiresAt: REQUESTED_AT + 500, lifetimeMs: 500 });
  });

  it.each([
    ['equal to iat', 600],
    ['before iat', 300],
  ])('exp %s (both ahead of the request): the documented hour', (_label, expAfterRequestS) => {
    const token = craftJwt({ iat: REQUESTED_S + 600, exp: REQUESTED_S + expAfterRequestS });

    expect(readTokenExpiry(token, REQUESTED_AT)).toEqual(DOCUMENTED_HOUR);
  });

  it('exp without iat, ahead of the request: expires at exp, by our clock', () => {
    const token = craftJwt({ exp: REQUESTED_S + 600 });

    expect(readTokenExpiry(token, REQUESTED_AT)).toEqual({ expiresAt: REQUESTED_AT + 600_000, lifetimeMs: 600_000 });
  });

  it.each([
    ['in the past', REQUESTED_S - 600],
    ['exactly at the request', REQUESTED_S],
  ])('exp without iat, %s: the documented hour', (_label, exp) => {
    expect(readTokenExpiry(craftJwt({ exp }), REQUESTED_AT)).toEqual(DOCUMENTED_HOUR);
  });

  it.each([
    ['ahead of the request', REQUESTED_S + 600],
    ['before 1970', -5],
  ])('iat without exp, %s: the documented hour', (_label, iat) => {
    expect(readTokenExpiry(craftJwt({ iat }), REQUESTED_AT)).toEqual(DOCUMENTED_HOUR);
  });

  it.each([
    ['exp and iat as numeric strings', craftJwt({ iat: String(REQUESTED_S), exp: String(REQUESTED_S + 600) })],
    ['an exp that overflows to Infinity', craftJwtWithPayload(base64urlEncode('{"exp":1e999}'))],
    ['no JWT at all', 'opaque-token'],
  ])('%s: the documented hour', (_label, token) => {
    expect(readTokenExpiry(token, REQUESTED_AT)).toEqual(DOCUMENTED_HOUR);
  });
});
