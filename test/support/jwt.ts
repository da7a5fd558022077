import { base64urlDecode as decodeBytes } from '../../src/testing/base64url.ts';

// signJwt and verifyJwt are async now: they use Web Crypto so the same code runs in the browser.
export { base64urlEncode } from '../../src/testing/base64url.ts';
export { decodeJwt, signJwt, verifyJwt, type JwtClaims } from '../../src/testing/jwt.ts';

/** Node tests read decoded segments as text with `.toString('utf8')`, hence a Buffer; invalid input is empty. */
export function base64urlDecode(input: string): Buffer {
  return Buffer.from(decodeBytes(input) ?? new Uint8Array());
}
