/** The body the GraphQL endpoint answers, whatever its status, when the presented token has expired. */
export const TOKEN_EXPIRED_MESSAGE = 'The incoming token has expired';

/**
 * True for the service's expired-token answer: a JSON object whose `message` is exactly the
 * documented text. A GraphQL result (it has `data`) is never taken for it.
 */
export function isTokenExpiredBody(body: string): boolean {
  // Cheap substring test first: every ordinary GraphQL response passes through here.
  if (!body.includes(TOKEN_EXPIRED_MESSAGE)) return false;
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return false;
    return (parsed as { message?: unknown }).message === TOKEN_EXPIRED_MESSAGE && !('data' in parsed);
  } catch {
    return false;
  }
}

/** Internal signal from the transport to the retry logic; never reaches callers. */
export class ExpiredAnswer extends Error {
  override name = 'ExpiredAnswer';
  readonly status: number;

  constructor(status: number) {
    super(TOKEN_EXPIRED_MESSAGE);
    this.status = status;
  }
}
