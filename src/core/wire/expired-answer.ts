import { TokenExpiredError, TokenRejectedError } from '../errors/index.js';

/** The body the GraphQL endpoint answers, whatever its status, when the presented token has expired. */
export const TOKEN_EXPIRED_MESSAGE = 'The incoming token has expired';

/**
 * Gateway answers that refuse the token without saying why (AWS API Gateway's authorizer and IAM
 * wording). The service's own CLI re-authenticates on both, so they are handled like the expired answer.
 */
const TOKEN_REJECTED_BODIES: ReadonlyArray<readonly [field: string, text: string]> = [
  ['message', 'Unauthorized'],
  ['Message', 'Access Denied'],
];

/** What JSON.parse gave for a body that is not JSON: no parsed value can be this. */
export const NOT_JSON: unique symbol = Symbol('not JSON');

/** The body's one parse: every check on an answer reads the value this gives. */
export function parseBody(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/** A JSON object that is not a GraphQL result (it has no `data`): the shape of a gateway's answer. */
function gatewayAnswer(parsed: unknown): Record<string, unknown> | null {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  return 'data' in parsed ? null : (parsed as Record<string, unknown>);
}

/** The service's expired-token answer, already parsed: `message` exactly the documented text. */
export function isTokenExpiredAnswer(parsed: unknown): boolean {
  return gatewayAnswer(parsed)?.message === TOKEN_EXPIRED_MESSAGE;
}

/** A gateway's refusal, already parsed: one of the refusing fields with its exact text. */
export function isTokenRejectedAnswer(parsed: unknown): boolean {
  const answer = gatewayAnswer(parsed);
  return answer !== null && TOKEN_REJECTED_BODIES.some(([field, text]) => answer[field] === text);
}

/**
 * True for the service's expired-token answer: a JSON object whose `message` is exactly the
 * documented text. A GraphQL result (it has `data`) is never taken for it.
 */
export function isTokenExpiredBody(body: string): boolean {
  // Cheap substring test first: a body without the text needs no parse.
  return body.includes(TOKEN_EXPIRED_MESSAGE) && isTokenExpiredAnswer(parseBody(body));
}

/**
 * True for `{"message":"Unauthorized"}` or `{"Message":"Access Denied"}` (other fields allowed, the
 * text exact), whatever the status: the token was refused, so it is dropped and renewed once.
 */
export function isTokenRejectedBody(body: string): boolean {
  return TOKEN_REJECTED_BODIES.some(([, text]) => body.includes(text)) && isTokenRejectedAnswer(parseBody(body));
}

/**
 * Internal signal from the transport to the retry logic: the token was expired or refused, the
 * operation did not run. Never reaches callers; giveUp() is what they get after the one retry.
 */
export class ExpiredAnswer extends Error {
  override name = 'ExpiredAnswer';
  declare readonly status: number;
  declare readonly rejected: boolean;

  constructor(status: number, { rejected = false }: { rejected?: boolean } = {}) {
    super(TOKEN_EXPIRED_MESSAGE);
    this.status = status;
    this.rejected = rejected;
  }

  giveUp(): TokenExpiredError | TokenRejectedError {
    return this.rejected ? new TokenRejectedError(this.status) : new TokenExpiredError(this.status);
  }
}
