import { base64urlEncode } from './jwt.js';

const HEADER = base64urlEncode(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/** A JWT-shaped token with any claims; the client reads `exp` without checking the signature. */
export function craftJwt(claims: Record<string, unknown>): string {
  return `${HEADER}.${base64urlEncode(JSON.stringify(claims))}.c2lnbmF0dXJl`;
}

/** Three dot-separated parts whose payload is whatever is given (garbage, not JSON, not base64url). */
export function craftJwtWithPayload(payload: string): string {
  return `${HEADER}.${payload}.c2lnbmF0dXJl`;
}

/** A well-formed token valid for `seconds` from now. */
export const freshJwt = (seconds = 3600): string => {
  const iat = Math.floor(Date.now() / 1000);
  return craftJwt({ sub: 'fuzz', iat, exp: iat + seconds });
};

/** A /v1/auth answer source for a scripted server: fresh JWTs, each one added to `issued`. */
export function freshTokenAnswers(issued: Set<string>): () => { status: number; body: string } {
  return () => {
    const token = freshJwt();
    issued.add(token);
    return { status: 200, body: JSON.stringify({ token }) };
  };
}
