import type * as GraphqlSse from 'graphql-sse';
import type { SharedSession } from '../core/session/shared-session.js';
import { createTokenMoves, MAX_OVERLAP_MS } from '../core/session/token-moves.js';
import type { TokenSession } from '../core/session/token-session.js';
import { isTokenExpiredBody, isTokenRejectedBody, TOKEN_EXPIRED_MESSAGE } from '../core/wire/expired-answer.js';
import { upstreamAuthFailure } from './upstream-client.js';

/**
 * The package name as a value: a literal import would make the bundler of an app whose proxy never
 * streams (and so does not install graphql-sse) fail to resolve it.
 */
const GRAPHQL_SSE = 'graphql-sse';

let loading: Promise<typeof GraphqlSse.createClient> | null = null;

/** graphql-sse's client, imported with the first subscription the proxy relays. */
function loadClient(): Promise<typeof GraphqlSse.createClient> {
  loading ??= (import(/* webpackIgnore: true */ /* @vite-ignore */ GRAPHQL_SSE) as Promise<{ createClient?: unknown }>)
    .then(({ createClient }) => {
      if (typeof createClient !== 'function') throw new Error('graphql-sse has no createClient');
      return createClient as typeof GraphqlSse.createClient;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

export interface RelayContext {
  session: TokenSession;
  /** The upstream event stream's URL for a region, or undefined for a region the handler does not know. */
  streamUrlOf: (region: string) => string | undefined;
  fetch: typeof fetch;
  /** The handler's refresh margin: the upstream stream moves to a new token this long before expiry (at most half the token's life). */
  marginMs: number;
  now: () => number;
  /** How long an upstream stream may take to connect (the proxy's upstreamTimeoutMs): then it counts as lost. */
  connectTimeoutMs: number;
  /** The bytes of events held for a browser that reads slower than they come: past them its stream ends. */
  bufferBytes: number;
  /** A browser stream gets a comment line this often, so that no proxy on the way takes a quiet one for idle. */
  keepAliveMs: number;
}

/** The operation as graphql-sse sends it: the proxy leaves out a null or absent `variables` and `operationName`. */
export interface RelayedOperation {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

interface GraphQLErrorLike {
  message: string;
}

/**
 * How an upstream stream ended. A service's GraphQL errors for the operation are not among them:
 * graphql-sse 2 delivers them as a result (`next`, then `complete`), and calls `error` only with a
 * thrown Error (its NetworkError for a refused or broken connection).
 */
type Ending = { kind: 'complete' } | { kind: 'token' } | { kind: 'lost' };

/** One upstream stream, with one token. */
interface Upstream {
  readonly held: SharedSession;
  /** Opened after the service ended a stream for its token: refused again before it connects, the relay gives up. */
  readonly afterTokenEnded: boolean;
  connected: boolean;
  dispose: () => void;
}

const encoder = new TextEncoder();

/** A graphql-sse "distinct connections" event: `print` of graphql-sse, with the result's JSON text as given. */
const nextEvent = (json: string) => encoder.encode(`event: next\ndata: ${json}\n\n`);
const COMPLETE_EVENT = encoder.encode('event: complete\ndata:\n\n');
/** An event stream comment: every client skips it, every proxy on the way sees bytes. */
const KEEP_ALIVE = encoder.encode(':\n\n');

const isExpiredResult = (result: { data?: unknown; errors?: readonly GraphQLErrorLike[] }) =>
  result.data == null && result.errors?.some((error) => error.message === TOKEN_EXPIRED_MESSAGE) === true;

/** Whether graphql-sse's failure to connect is the service refusing the token (the expired or a refusing answer). */
async function refusedToken(error: unknown): Promise<boolean> {
  const response = (error as { response?: Response } | null)?.response;
  if (response === undefined || typeof response.text !== 'function') return false;
  const body = await response.text().catch(() => '');
  return isTokenExpiredBody(body) || isTokenRejectedBody(body);
}

/** What the browser's stream is told when the relay gives up: the kind, never a detail that could name the upstream or a secret. */
function failureResult(error: unknown): string {
  const failure = upstreamAuthFailure(error);
  const [message, code] =
    failure !== null
      ? [failure.message, failure.code]
      : error === 'token'
        ? ['The service kept refusing the token after one renewal', 'UPSTREAM_TOKEN_REFUSED']
        : error === 'missing'
          ? ['This server cannot relay subscriptions: install graphql-sse', 'SUBSCRIPTIONS_UNAVAILABLE']
          : ["The service's event stream could not be opened", 'UPSTREAM_UNREACHABLE'];
  return JSON.stringify({ errors: [{ message, extensions: { code } }] });
}

/**
 * A browser's graphql-sse stream, relayed from the service's with the server's token. Before that
 * token falls due (the handler's margin, as for requests) a second upstream stream opens with the
 * next token, make-before-break: the old one keeps relaying until both have delivered the same
 * event (its text in full), and the new one's events from there on are relayed; a quiet pair hands
 * over after at most 5 s (MAX_OVERLAP_MS), or when the service ends the old one. When the service
 * ends a stream for its token anyway, the token is dropped, renewed once and the operation
 * subscribed again. The browser's stream sees none of it: a refused key or an outage ends it with
 * one GraphQL error, and its disconnect closes every upstream stream.
 */
export function relaySubscription(context: RelayContext, operation: RelayedOperation, signal: AbortSignal): Response {
  const { session, now } = context;
  let stopped = false;
  let current: Upstream | null = null;
  let next: Upstream | null = null;
  /**
   * What the stream being left relayed since the next one opened, and what the next one delivered
   * meanwhile, unrelayed: read only while a next stream is open, and emptied when one opens.
   */
  let fromOld: string[] = [];
  let pending: string[] = [];
  /** Events the new stream will deliver that the old one relayed already: dropped as they come, in order. */
  let expected: string[] = [];
  const endedTokens = new Set<string>();
  // Before the token falls due, a stream with the next one (the rule the client's subscriptions follow too).
  const moves = createTokenMoves({
    session,
    now,
    marginMs: context.marginMs,
    held: () => current?.held ?? null,
    busy: () => stopped || next !== null,
    endedTokens,
    prepare: loadClient,
    open: (createClient, held) => {
      open(createClient, held, false);
    },
  });
  let overlapTimer: ReturnType<typeof setTimeout> | undefined;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  // Every keepAliveMs, events or not: three bytes, and no state to keep of what went out meanwhile.
  const keepAlive = setInterval(() => {
    controller.enqueue(KEEP_ALIVE);
  }, context.keepAliveMs);

  const stop = () => {
    if (stopped) return;
    stopped = true;
    moves.cancel();
    clearTimeout(overlapTimer);
    clearInterval(keepAlive);
    signal.removeEventListener('abort', stop);
    current?.dispose();
    next?.dispose();
    current = next = null;
  };

  const body = new ReadableStream<Uint8Array>(
    {
      start(given) {
        controller = given;
      },
      // The browser went away: every upstream stream is closed with it.
      cancel: stop,
    },
    // Counted in bytes from 0, so that desiredSize is minus what the browser has not read yet.
    { highWaterMark: 0, size: (chunk) => chunk.byteLength },
  );
  signal.addEventListener('abort', stop, { once: true });

  function relay(json: string): void {
    if (stopped) return;
    controller.enqueue(nextEvent(json));
    // A browser that reads slower than the service sends (or not at all): its stream ends, and its
    // client reconnects with backoff, rather than the server holding every event for it.
    if (-(controller.desiredSize ?? 0) > context.bufferBytes) {
      controller.error(new Error('The browser read the event stream too slowly'));
      stop();
    }
  }

  /** Ends the browser's stream: complete, with a last result first when given. */
  function finish(last?: string): void {
    if (stopped) return;
    if (last !== undefined) controller.enqueue(nextEvent(last));
    controller.enqueue(COMPLETE_EVENT);
    controller.close();
    stop();
  }

  /** The service's stream broke (not for its token): the browser's breaks too, and its client reconnects with its own backoff. */
  function broken(): void {
    if (stopped) return;
    controller.error(new Error('The upstream event stream was lost'));
    stop();
  }

  /** The next stream takes over; what it delivered meanwhile is relayed, but for what the old one relayed already. */
  function handOver(already: string[]): void {
    clearTimeout(overlapTimer);
    const taking = next;
    if (taking === null) return;
    current?.dispose();
    current = taking;
    next = null;
    let skipped = already;
    for (const json of pending) {
      if (skipped[0] === json) skipped = skipped.slice(1);
      else {
        skipped = [];
        relay(json);
      }
    }
    expected = skipped;
    moves.succeeded();
    moves.schedule(taking.held);
  }

  /** In step when the next stream's first event is one the old stream relayed during the overlap. */
  function alignment(): void {
    const first = pending[0];
    if (first === undefined) return;
    const at = fromOld.indexOf(first);
    if (at >= 0) handOver(fromOld.slice(at));
  }

  /** An event from an open upstream stream: the current one, or else the next one of a move. */
  function delivered(from: Upstream, json: string): void {
    if (from === current) {
      if (expected.length > 0) {
        if (expected[0] === json) {
          expected.shift();
          return;
        }
        expected = [];
      }
      relay(json);
      if (next !== null) {
        fromOld.push(json);
        alignment();
      }
    } else {
      pending.push(json);
      if (current === null) handOver([]);
      else alignment();
    }
  }

  /** An open upstream stream connected: only ever the one last opened (a disposed one calls nothing here). */
  function connected(upstream: Upstream): void {
    upstream.connected = true;
    if (current === null) {
      handOver([]);
      return;
    }
    overlapTimer = setTimeout(() => {
      handOver([]);
    }, MAX_OVERLAP_MS);
  }

  /** An open upstream stream ended (the relay's own disposal closes one without coming here). */
  function ended(upstream: Upstream, ending: Ending): void {
    if (ending.kind === 'token') {
      endedTokens.add(upstream.held.token);
      session.dropToken(upstream.held.token);
    }
    if (upstream === next && current !== null) {
      // A move's new stream failed; the old one still relays, and the move is tried again.
      clearTimeout(overlapTimer);
      upstream.dispose();
      next = null;
      moves.retry();
      return;
    }
    if (upstream === current && next !== null) {
      // The old stream ended during a move (its token ran out, as expected): the new one takes over once connected.
      current.dispose();
      current = null;
      if (next.connected) handOver([]);
      return;
    }
    upstream.dispose();
    current = next = null;
    moves.cancel();
    switch (ending.kind) {
      case 'complete':
        finish();
        return;
      case 'token':
        // Renewed once for this stream and refused again before it connected: a confused service, not a loop.
        if (upstream.afterTokenEnded && !upstream.connected) finish(failureResult('token'));
        else void connect(true);
        return;
      case 'lost':
        broken();
    }
  }

  function open(createClient: typeof GraphqlSse.createClient, held: SharedSession, afterTokenEnded: boolean): void {
    const url = context.streamUrlOf(held.region);
    if (url === undefined) {
      finish(failureResult(null));
      return;
    }
    const client = createClient({
      url,
      headers: { authorization: `Bearer ${held.token}` },
      fetchFn: context.fetch,
      // Reconnecting and renewing are the relay's: graphql-sse must never present a token the service ended.
      retryAttempts: 0,
      singleConnection: false,
    });
    let open = true;
    // A service that takes the connection and never answers would hold the browser's stream (or a
    // move) for good: past the bound the stream counts as lost, as one that broke.
    const connectTimer = setTimeout(() => {
      if (open && !upstream.connected) ended(upstream, { kind: 'lost' });
    }, context.connectTimeoutMs);
    const upstream: Upstream = {
      held,
      afterTokenEnded,
      connected: false,
      dispose: () => {
        clearTimeout(connectTimer);
        if (!open) return;
        open = false;
        unsubscribe();
        client.dispose();
      },
    };
    next = upstream;
    fromOld = [];
    pending = [];
    const unsubscribe = client.subscribe(
      operation,
      {
        next: (result) => {
          if (!open) return;
          if (isExpiredResult(result)) ended(upstream, { kind: 'token' });
          else delivered(upstream, JSON.stringify(result));
        },
        error: (error) => {
          if (!open) return;
          void refusedToken(error).then((refused) => {
            if (open) ended(upstream, { kind: refused ? 'token' : 'lost' });
          });
        },
        complete: () => {
          if (open) ended(upstream, { kind: 'complete' });
        },
      },
      {
        connected: () => {
          clearTimeout(connectTimer);
          if (open) connected(upstream);
        },
      },
    );
  }

  /** A stream with a valid token from the session: the first, or after the service ended one for its token. */
  async function connect(afterTokenEnded: boolean): Promise<void> {
    let createClient: typeof GraphqlSse.createClient;
    let held: SharedSession;
    try {
      createClient = await loadClient().catch(() => Promise.reject(new Error('missing')));
      held = await session.readySession();
    } catch (error) {
      finish(failureResult((error as Error | null)?.message === 'missing' ? 'missing' : error));
      return;
    }
    if (stopped || current !== null || next !== null) return;
    // The session has nothing newer than a token the service ended: asking it again would loop.
    if (endedTokens.has(held.token)) {
      finish(failureResult('token'));
      return;
    }
    open(createClient, held, afterTokenEnded);
  }

  void connect(false);
  return new Response(body, {
    status: 200,
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' },
  });
}
