import type { WakeWatcher } from '../../browser/wake.js';
import type { AuthEvents } from '../../session/auth-events.js';
import type { TokenSession } from '../../session/token-session.js';
import type { GraphQLDocument, Variables } from '../../wire/transport.js';

/** What `client.subscribe` is told as the subscription runs. */
export interface SubscribeHandlers<TData> {
  /** Each event's data, in the order the server sent them. */
  onData: (data: TData) => void;
  /**
   * The subscription ended for good: a refused key or an auth outage that outlasted `retryAttempts`
   * (the session's error: InvalidApiKeyError, AuthServerError, …), a token the service refused again
   * after one renewal (TokenExpiredError), GraphQL errors or a lost connection (SubscriptionError),
   * the transport missing (SubscriptionTransportMissingError). Nothing is told after it.
   */
  onError?: (error: Error) => void;
  /** The server completed the subscription. Nothing is told after it. */
  onComplete?: () => void;
  /** Aborting it unsubscribes, as the returned function does. */
  signal?: AbortSignal;
  /**
   * A key per event (its sequence number, its id): while a subscription moves to a new connection
   * both connections deliver for a moment, and an event whose key was delivered already is dropped.
   * Without it, an event the server sent on both during that overlap reaches `onData` twice.
   */
  eventKey?: (data: TData) => unknown;
}

/** `client.subscribe`: starts at once (the transport library loads first), and returns the unsubscribe. */
export type SubscribeFunction = <TData, TVariables extends Variables = Variables>(
  document: GraphQLDocument<TData, TVariables>,
  variables: TVariables | undefined,
  handlers: SubscribeHandlers<TData>,
) => () => void;

/** What a client hands its subscriptions: its session (the one token path), its events and where a region's GraphQL URL is. */
export interface SubscriptionsContext {
  session: TokenSession;
  events: AuthEvents;
  graphqlUrlOf: (region: string) => string | undefined;
  authorize: (token: string) => Record<string, string>;
  fetch: typeof fetch;
  now: () => number;
  /** The client's refresh margin: a subscription moves to a new token this long before expiry (at most half the token's life). */
  marginMs: number;
  /** The client's wake watcher (`renewOnWake`; none when off): a subscription waiting to reconnect tries at once when the app is back. */
  wake: WakeWatcher | null | undefined;
}

/** SubscriptionsContext's members in its order. */
export type SubscriptionsContextArgs = [
  session: TokenSession,
  events: AuthEvents,
  graphqlUrlOf: (region: string) => string | undefined,
  authorize: (token: string) => Record<string, string>,
  fetch: typeof fetch,
  now: () => number,
  marginMs: number,
  wake: WakeWatcher | null | undefined,
];

/** What `graphqlSubscriptions()` takes. */
export interface SubscriptionsOptions {
  /** `ws`: graphql-ws (the graphql-transport-ws protocol); `sse`: graphql-sse (distinct connections). */
  transport: 'ws' | 'sse';
  /**
   * Where subscriptions go, given the region's GraphQL URL: a string, or a function of that URL.
   * Default: for `ws` the GraphQL URL with `ws:`/`wss:` for `http:`/`https:`, for `sse` the
   * GraphQL URL followed by `/stream` (the mock service's, and graphql-sse's usual, path).
   */
  url?: string | ((graphqlUrl: string) => string);
  /**
   * Loads the transport library, called with the first subscription: `load: () => import('graphql-ws')`
   * (or `import('graphql-sse')`). Required: the app imports it, so that its bundler (Vite, webpack,
   * Metro) includes it, code-split. An import by a name only known at run time is not something every
   * runtime can compile: Hermes refuses `import(name)` outright, which failed every React Native
   * bundle of the library, subscribing or not.
   */
  load: () => Promise<unknown>;
  /** WebSocket close codes that mean "this connection's token ended": renewed once and subscribed again. Default `[4401, 4403]`. */
  authCloseCodes?: readonly number[];
  /**
   * Move each subscription to a connection with the new token before its token expires (the
   * client's `refreshMarginMs`), make-before-break. Default true; false waits for the server to end
   * the connection at expiry, then renews once and subscribes again (events published meanwhile are missed).
   */
  renewBeforeExpiry?: boolean;
  /** Failed connects in a row (network, an auth outage) before `onError`; default 5. The waits are the session's: full jitter, 1 s doubling to 30 s. */
  retryAttempts?: number;
  /** For `ws` where there is no global WebSocket (Node before 22): `WebSocket` from `ws`. */
  webSocketImpl?: unknown;
}
