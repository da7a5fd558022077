/** base64url on btoa/atob and TextEncoder, so the same code runs in browsers (under MSW) and in Node. */

const BASE64URL = /^[A-Za-z0-9_-]*$/;

export function base64urlEncode(input: string | Uint8Array): string {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Strict: any character outside the alphabet, or a length no encoder produces, is null rather than
 * silently skipped, so a tampered segment never decodes to something else.
 */
export function base64urlDecode(input: string): Uint8Array<ArrayBuffer> | null {
  if (!BASE64URL.test(input) || input.length % 4 === 1) return null;
  const binary = atob(input.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
