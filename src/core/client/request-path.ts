import { unlessAborted } from '../wire/abort.js';
import { SignedOutError } from '../errors/index.js';
import { ExpiredAnswer } from '../wire/expired-answer.js';
import { mergeHeaders } from '../wire/headers.js';
import type { ClientTelemetry } from '../wire/telemetry.js';
import type { SharedSession } from '../session/shared-session.js';
import type { TokenSession } from '../session/token-session.js';
import { type GraphQLDocument, mayBeMutation, NoAnswer, type Send, type Variables } from '../wire/transport.js';
import type { RequestInit } from './types.js';
import type { AuthEvents } from '../session/auth-events.js';
import { reportedSend } from './operation-events.js';

export interface RequestPathOptions {
  session: TokenSession;
  /** The transport for a region's GraphQL endpoint: a token only travels to the region that issued it. */
  sendTo: (region: string) => Send;
  /** The headers that present a token. */
  authorize: (token: string) => Record<string, string>;
  events: AuthEvents;
  now: () => number;
  /** Given by the server entries only. */
  telemetry?: ClientTelemetry | undefined;
}

export type Request = <TData, TVariables extends Variables = Variables>(
  document: GraphQLDocument<TData, TVariables>,
  variables?: TVariables,
  init?: RequestInit,
) => Promise<TData>;

/**
 * The most sends of one operation: with the token held, with one another holder handed over (a
 * token cache, another tab) that a revocation may have reached too, and with one the service issued
 * for this operation.
 */
const MAX_SENDS = 3;

/**
 * One GraphQL operation with a valid token: sent, and on an expired or refused answer sent again
 * with a new token, never twice with the same one. The retries end once the service refuses a token
 * this client obtained after a refusal: another renewal would fare no better. Nothing that may be a
 * mutation is sent again after a lost answer.
 */
export function createRequestPath({ session, sendTo, authorize, events, now, telemetry }: RequestPathOptions): Request {
  return async function request<TData, TVariables extends Variables = Variables>(
    document: GraphQLDocument<TData, TVariables>,
    variables?: TVariables,
    init: RequestInit = {},
  ): Promise<TData> {
    const { signal, headers } = init;
    signal?.throwIfAborted();
    const startedIn = session.generation();
    const sent = new Set<string>();
    const attempt = (current: SharedSession) => {
      // A signOut() while this request awaited its token ended that token's session. Checked in the
      // same synchronous run as the send (graphql-request reaches fetch without an await).
      if (session.generation() !== startedIn) throw new SignedOutError();
      const send = sendTo(current.region);
      const sentWith = { document, token: current.token, retry: sent.size > 1, signal };
      return reportedSend(events, now, sentWith, (answered) =>
        send(document, variables, { headers: mergeHeaders(headers, authorize(current.token)), signal, answered }),
      );
    };

    let current = await unlessAborted(session.readySession(), signal);
    for (;;) {
      sent.add(current.token);
      let refusal: ExpiredAnswer | null = null;
      let lost: NoAnswer | null = null;
      try {
        return await attempt(current);
      } catch (error) {
        if (error instanceof NoAnswer) {
          // A hidden expiry is only assumed for the token an operation started with.
          if (sent.size > 1 || !session.mayHaveExpired(current)) throw error.cause;
          if (mayBeMutation(document)) {
            // A dropped connection may have applied a mutation: renewed for next time, never re-sent.
            session.dropToken(current.token);
            throw error.cause;
          }
          lost = error;
        } else if (error instanceof ExpiredAnswer) {
          telemetry?.expiredAnswer();
          refusal = error;
        } else {
          throw error;
        }
      }
      // An expiry answer means the gateway rejected the operation before it ran, so even a mutation
      // is safe to send again; a hidden one is only assumed for operations that are not mutations.
      session.dropToken(current.token);
      const renewedForThis = sent.size > 1 && session.obtainedFirstHand(current.token);
      if (refusal !== null && (renewedForThis || sent.size >= MAX_SENDS)) throw refusal.giveUp();
      const next = await unlessAborted(session.readySession(), signal);
      if (sent.has(next.token)) throw refusal === null ? lost?.cause : refusal.giveUp();
      telemetry?.retry();
      current = next;
    }
  };
}
