import type { AnswerError } from '../core/wire/transport.js';

/**
 * A handler's own operation (the token handler's check) got GraphQL errors or a non-2xx status.
 * Internal: the proxy forwards answers as they are, and a check that fails this way is no verdict on
 * the token. Not the ClientError an app's client gives: its package loads graphql, which reads
 * process.env when loaded (Deno would need --allow-env), and the server entries load neither.
 */
export class UpstreamAnswerError extends Error {
  override name = 'UpstreamAnswerError';

  constructor(readonly status: number) {
    super(`The service answered the handler's operation with HTTP ${status} or GraphQL errors`);
  }
}

export const upstreamAnswerError: AnswerError = (_parsed, { status }) => new UpstreamAnswerError(status);
