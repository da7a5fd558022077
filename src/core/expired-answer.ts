import { TokenExpiredError, TokenRejectedError } from './errors/index.js';

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

function parseAnswerObject(body: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    // A GraphQL result (it has `data`) is never taken for a gateway answer.
    return 'data' in parsed ? null : (parsed as Record<string, unknown>);
  } catch {
    return null;
  }
}

/**
 * True for the service's expired-token answer: a JSON object whose `message` is exactly the
 * documented text. A GraphQL result (it has `data`) is never taken for it.
 */
export function isTokenExpiredBody(body: string): boolean {
  // Cheap substring test first: every ordinary GraphQL response passes through here.
  if (!body.includes(TOKEN_EXPIRED_MESSAGE)) return false;
  return parseAnswerObject(body)?.message === TOKEN_EXPIRED_MESSAGE;
}

/**
 * True for `{"message":"Unauthorized"}` or `{"Message":"Access Denied"}` (other fields allowed, the
 * text exact), whatever the status: the token was refused, so it is dropped and renewed once.
 */
export function isTokenRejectedBody(body: string): boolean {
  if (!TOKEN_REJECTED_BODIES.some(([, text]) => body.includes(text))) return false;
  const answer = parseAnswerObject(body);
  return answer !== null && TOKEN_REJECTED_BODIES.some(([field, text]) => answer[field] === text);
}

/**
 * Internal signal from the transport to the retry logic: the token was expired or refused, the
 * operation did not run. Never reaches callers; giveUp() is what they get after the one retry.
 */
export class ExpiredAnswer extends Error {
  override name = 'ExpiredAnswer';
  readonly status: number;
  readonly rejected: boolean;

  constructor(status: number, { rejected = false }: { rejected?: boolean } = {}) {
    super(TOKEN_EXPIRED_MESSAGE);
    this.status = status;
    this.rejected = rejected;
  }

  giveUp(): TokenExpiredError | TokenRejectedError {
    return this.rejected ? new TokenRejectedError(this.status) : new TokenExpiredError(this.status);
  }
}
