import { unlessAborted } from '../wire/abort.js';
import { SignedOutError } from '../errors/index.js';
import { ExpiredAnswer } from '../wire/expired-answer.js';
import { mergeHeaders } from '../wire/headers.js';
import { count, TELEMETRY } from '../wire/telemetry.js';
import type { SharedSession } from '../session/shared-session.js';
import type { TokenSession } from '../session/token-session.js';
import { type GraphQLDocument, mayBeMutation, NoAnswer, type Send, type Variables } from '../wire/transport.js';
import type { RequestInit } from './types.js';

export interface RequestPathOptions {
  session: TokenSession;
  /** The transport for a region's GraphQL endpoint: a token only travels to the region that issued it. */
  sendTo: (region: string) => Send;
  /** The headers that present a token. */
  authorize: (token: string) => Record<string, string>;
}

export type Request = <TData, TVariables extends Variables = Variables>(
  document: GraphQLDocument<TData, TVariables>,
  variables?: TVariables,
  init?: RequestInit,
) => Promise<TData>;

/**
 * One GraphQL operation with a valid token: sent, and on an expired or refused answer sent once
 * more with a new token. Nothing that may be a mutation is sent again after a lost answer.
 */
export function createRequestPath({ session, sendTo, authorize }: RequestPathOptions): Request {
  return async function request<TData, TVariables extends Variables = Variables>(
    document: GraphQLDocument<TData, TVariables>,
    variables?: TVariables,
    init: RequestInit = {},
  ): Promise<TData> {
    const { signal, headers } = init;
    signal?.throwIfAborted();
    const startedIn = session.generation();
    const attempt = (current: SharedSession) => {
      // A signOut() while this request awaited its token ended that token's session. Checked in the
      // same synchronous run as the send (graphql-request reaches fetch without an await).
      if (session.generation() !== startedIn) throw new SignedOutError();
      return sendTo(current.region)(document, variables, { headers: mergeHeaders(headers, authorize(current.token)), signal });
    };

    const first = await unlessAborted(session.readySession(), signal);
    try {
      return await attempt(first);
    } catch (error) {
      if (error instanceof NoAnswer) {
        if (!session.mayHaveExpired(first)) throw error.cause;
        if (mayBeMutation(document)) {
          // A dropped connection may have applied a mutation: renewed for next time, never re-sent.
          session.dropToken(first.token);
          throw error.cause;
        }
      } else if (!(error instanceof ExpiredAnswer)) {
        throw error;
      } else {
        count(TELEMETRY.expiredAnswers);
      }
    }
    // An expiry answer means the gateway rejected the operation before it ran, so even a mutation
    // is safe to send again; a hidden one is only assumed for operations that are not mutations.
    session.dropToken(first.token);
    const second = await unlessAborted(session.readySession(), signal);
    count(TELEMETRY.retries);
    try {
      return await attempt(second);
    } catch (error) {
      if (error instanceof NoAnswer) throw error.cause;
      if (!(error instanceof ExpiredAnswer)) throw error;
      count(TELEMETRY.expiredAnswers);
      session.dropToken(second.token);
      throw error.giveUp();
    }
  };
}
