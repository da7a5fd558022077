import { SignedOutError, SubscriptionError, SubscriptionTransportMissingError, TokenExpiredError } from '../../errors/index.js';
import { unusableConfig } from '../../errors/error-message.js';
import { fullJitterMs, outageWaitMs } from '../../session/auth-backoff.js';
import { onSignedOut, tokenTag } from '../../session/auth-events.js';
import type { SharedSession } from '../../session/shared-session.js';
import { createTokenMoves, MAX_OVERLAP_MS } from '../../session/token-moves.js';
import { isTransientAuthError } from '../../wire/transient.js';
import { operationText } from '../../wire/operation-text.js';
import type { GraphQLDocument, Variables } from '../../wire/transport.js';
import type { Ending, OpenAttempt, SubscriptionResult } from './transports.js';
import type { SubscribeHandlers, SubscriptionsContext, SubscriptionsOptions } from './types.js';

/** Why a connection was made: the first, a move before expiry, a resubscribe after the server ended a token, a reconnect. */
type AttemptKind = 'start' | 'expiring' | 'token-ended' | 'reconnected';

interface Attempt {
  readonly session: SharedSession;
  readonly kind: AttemptKind;
  started: boolean;
  /** Delivered an event since the overlap began (the connection being left, or the one taking over). */
  delivered: boolean;
  dispose: () => void;
}

/** Event keys remembered for dropping duplicates: far more than two connections can hold in flight. */
const REMEMBERED_KEYS = 1_000;

/** The URL of a region's subscriptions, from its GraphQL URL. */
function subscriptionUrl(options: SubscriptionsOptions, graphqlUrl: string): string {
  const { url } = options;
  if (typeof url === 'string') return url;
  if (url !== undefined) return url(graphqlUrl);
  return options.transport === 'ws' ? graphqlUrl.replace(/^http/i, 'ws') : `${graphqlUrl.replace(/\/+$/, '')}/stream`;
}

/**
 * One subscription across tokens. Its token comes from the session (one renewal in flight with every
 * query). Before the token falls due it moves to a connection with the next token, make-before-break:
 * the new connection is started before the old is disposed, and the old one is left once both have
 * delivered (the same event, given `eventKey`). When the server ends a connection for its token, the
 * token is dropped, renewed once and the operation subscribed again; a connection made that way that
 * is ended for its token before it starts ends the subscription (TokenExpiredError), never a loop.
 * Lost connections and auth outages are tried again after the session's waits, `retryAttempts` times.
 */
export function startSubscription<TData, TVariables extends Variables>(
  context: SubscriptionsContext,
  options: SubscriptionsOptions,
  transport: () => Promise<OpenAttempt>,
  document: GraphQLDocument<TData, TVariables>,
  variables: TVariables | undefined,
  handlers: SubscribeHandlers<TData>,
): () => void {
  const { session, events, now } = context;
  const { signal, eventKey } = handlers;
  if (signal?.aborted === true) return () => undefined;
  const { query, operationName } = operationText(document);
  const name = operationName ?? '';
  const payload = {
    query,
    ...(variables === undefined ? {} : { variables: variables as Record<string, unknown> }),
    ...(operationName === undefined ? {} : { operationName }),
  };
  const which = options.transport;
  const retryAttempts = options.retryAttempts ?? 5;

  let stopped = false;
  /** The connection delivering now. */
  let current: Attempt | null = null;
  /** A connection being made: the first, or the one a move or a reconnect will hand over to. */
  let next: Attempt | null = null;
  /** The token tag of the last connection that ended before `next` took over. */
  let previousTag: string | null = null;
  let failures = 0;
  /** Tokens whose connection the server ended for the token: never presented again by this subscription. */
  const endedTokens = new Set<string>();
  const keys = new Set<unknown>();
  // Before the token falls due, a connection with the next one (the rule the proxy's relay follows too).
  const moves = createTokenMoves({
    session,
    now,
    marginMs: context.marginMs,
    held: () => current?.session ?? null,
    busy: () => stopped || next !== null,
    endedTokens,
    prepare: transport,
    open: (openAttempt, held) => {
      open(openAttempt, held, 'expiring');
    },
  });
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** What the retry timer will do: a wake does it at once. */
  let retrying: (() => void) | null = null;
  let overlapTimer: ReturnType<typeof setTimeout> | undefined;

  const tagOf = (attempt: Attempt | null) => (attempt === null ? null : tokenTag(attempt.session.token));
  const offSignOut = onSignedOut(events, () => {
    finish('failed', new SignedOutError());
  });
  // Its own listener on the client's watcher: an app that never subscribes pays nothing for it. The
  // session hears the same wake and renews a token that fell due; the connect below waits for that.
  const offWake = context.wake?.watch(woken) ?? (() => undefined);
  const unsubscribe = () => {
    finish('unsubscribed');
  };
  signal?.addEventListener('abort', unsubscribe, { once: true });

  function finish(reason: 'unsubscribed' | 'completed' | 'failed', error?: Error): void {
    if (stopped) return;
    stopped = true;
    moves.cancel();
    clearTimeout(retryTimer);
    clearTimeout(overlapTimer);
    offSignOut();
    offWake();
    signal?.removeEventListener('abort', unsubscribe);
    const last = current ?? next;
    current?.dispose();
    next?.dispose();
    events.emit({
      type: 'subscription-end',
      operationName: name,
      transport: which,
      tokenTag: tagOf(last) ?? previousTag,
      reason,
      ...(error === undefined ? {} : { error: error.name }),
    });
    if (error !== undefined) handlers.onError?.(error);
    else if (reason === 'completed') handlers.onComplete?.();
  }

  /** The new connection takes over from the old one, which is disposed. */
  function handOver(): void {
    clearTimeout(overlapTimer);
    const taking = next;
    if (taking === null) return;
    const leaving = current;
    current = taking;
    next = null;
    leaving?.dispose();
    taking.delivered = false;
    failures = 0;
    moves.succeeded();
    const from = tagOf(leaving) ?? previousTag;
    if (taking.kind === 'start' || from === null) {
      events.emit({ type: 'subscription-start', operationName: name, transport: which, tokenTag: tokenTag(taking.session.token) });
    } else {
      events.emit({
        type: 'subscription-renewed',
        operationName: name,
        transport: which,
        tokenTag: tokenTag(taking.session.token),
        previousTokenTag: from,
        reason: taking.kind,
      });
    }
    previousTag = null;
    if (options.renewBeforeExpiry !== false) moves.schedule(taking.session);
  }

  function started(attempt: Attempt): void {
    if (stopped || attempt !== next) return;
    attempt.started = true;
    // Nothing to overlap with: the first connection, or the old one is gone already.
    if (current === null) {
      handOver();
      return;
    }
    current.delivered = false;
    overlapTimer = setTimeout(handOver, MAX_OVERLAP_MS);
  }

  function deliver(from: Attempt, result: SubscriptionResult): void {
    if (stopped) return;
    if (result.data == null) {
      finish('failed', new SubscriptionError(operationName, { errors: result.errors ?? [] }));
      return;
    }
    const data = result.data as TData;
    const overlapping = next?.started === true && current !== null;
    from.delivered = true;
    if (eventKey !== undefined) {
      const key = eventKey(data);
      if (keys.has(key)) {
        // Both connections delivered this event: they are in step, the old one can go.
        if (overlapping) handOver();
        return;
      }
      keys.add(key);
      for (const oldest of keys) {
        if (keys.size <= REMEMBERED_KEYS) break;
        keys.delete(oldest);
      }
    }
    handlers.onData(data);
    if (overlapping && eventKey === undefined && current?.delivered === true && next?.delivered === true) handOver();
  }

  function ended(attempt: Attempt, ending: Ending): void {
    if (stopped) return;
    if (attempt === next && current !== null) {
      // A move's new connection failed; the old one still runs, and the move is tried again later.
      next = null;
      if (ending.kind === 'token') {
        endedTokens.add(attempt.session.token);
        session.dropToken(attempt.session.token);
      }
      moves.retry();
      return;
    }
    if (attempt === current && next !== null) {
      // The old connection ended during a move: its token ran out, as expected. The new one takes over once started.
      current = null;
      previousTag = tokenTag(attempt.session.token);
      if (next.started) handOver();
      return;
    }
    if (attempt === current) {
      current = null;
      previousTag = tokenTag(attempt.session.token);
    } else if (attempt === next) {
      next = null;
    } else {
      return;
    }
    moves.cancel();
    switch (ending.kind) {
      case 'complete':
        finish('completed');
        return;
      case 'errors':
        finish('failed', new SubscriptionError(operationName, { errors: ending.errors }));
        return;
      case 'token':
        endedTokens.add(attempt.session.token);
        session.dropToken(attempt.session.token);
        // Renewed once for this subscription and refused again before it started: a confused server, not a loop.
        if (attempt.kind === 'token-ended' && !attempt.started && session.obtainedFirstHand(attempt.session.token)) {
          finish('failed', new TokenExpiredError(ending.status));
          return;
        }
        void connect('token-ended');
        return;
      case 'lost':
        failures += 1;
        if (failures > retryAttempts) {
          finish('failed', new SubscriptionError(operationName, { closeCode: ending.closeCode, attempts: failures }, { cause: ending.cause }));
          return;
        }
        retryLater(fullJitterMs(failures), () => void connect('reconnected'));
    }
  }

  /** Opens a connection with `held`'s token: the next to take over. */
  function open(openAttempt: OpenAttempt, held: SharedSession, kind: AttemptKind): void {
    const graphqlUrl = context.graphqlUrlOf(held.region);
    if (graphqlUrl === undefined) {
      finish('failed', unusableConfig('GJA_UNKNOWN_REGION', held.region));
      return;
    }
    const attempt: Attempt = { session: held, kind, started: false, delivered: false, dispose: () => undefined };
    next = attempt;
    attempt.dispose = openAttempt(subscriptionUrl(options, graphqlUrl), context.authorize(held.token), payload, {
      started: () => {
        started(attempt);
      },
      result: (result) => {
        deliver(attempt, result);
      },
      ended: (ending) => {
        ended(attempt, ending);
      },
    });
  }

  /** A connection with a valid token from the session, after the transport library is loaded. */
  async function connect(kind: AttemptKind): Promise<void> {
    let held: SharedSession;
    let openAttempt: OpenAttempt;
    try {
      openAttempt = await transport();
      held = await session.readySession();
    } catch (error) {
      troubled(error, kind);
      return;
    }
    if (stopped || next !== null || current !== null) return;
    if (endedTokens.has(held.token)) {
      // The session has nothing newer than a token the server ended: asking it again would loop.
      finish('failed', new TokenExpiredError(0));
      return;
    }
    open(openAttempt, held, kind);
  }

  function retryLater(waitMs: number, retry: () => void): void {
    retrying = retry;
    retryTimer = setTimeout(() => {
      retrying = null;
      retry();
    }, waitMs);
  }

  /**
   * The app is back (the page shown, the network back, React Native's AppState 'active'): a
   * subscription waiting out a reconnect's wait tries at once, its failures in a row counted afresh,
   * since they were met while the app or its network was away. A token that fell due meanwhile is
   * renewed first (the connect asks the session, which the same wake told). A live connection is left as it is.
   */
  function woken(): void {
    const retry = retrying;
    if (stopped || retry === null) return;
    clearTimeout(retryTimer);
    retrying = null;
    failures = 0;
    retry();
  }

  /** A token or the transport could not be had: an outage is waited out (the session's wait), anything else ends the subscription. */
  function troubled(error: unknown, kind: AttemptKind): void {
    if (stopped) return;
    if (isTransientAuthError(error)) {
      failures += 1;
      if (failures <= retryAttempts) {
        retryLater(error.retryInMs ?? outageWaitMs(failures, error), () => void connect(kind));
        return;
      }
    }
    finish('failed', error instanceof Error ? error : new SubscriptionTransportMissingError(which === 'ws' ? 'graphql-ws' : 'graphql-sse', { cause: error }));
  }

  void connect('start');
  return unsubscribe;
}
