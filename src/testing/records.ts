/** Recorded on arrival, so held requests are visible; `status` stays 0 until answered. */
export interface RecordedCall {
  readonly region: string;
  time: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  status: number;
  /** The caller closed the connection (or aborted its fetch) before the answer went out. */
  clientGone: boolean;
}

export interface AuthCall extends RecordedCall {
  token: string | null; // the token issued, if any
}

export interface GraphQLCall extends RecordedCall {
  token: string | null; // bearer token presented
  expired: boolean; // answered the expired body
  operationName: string | null;
}

/**
 * One line of the request log: every call, in arrival order, with nothing secret in it. The token
 * appears only as its tag (`tokenTag` of /core: the name the client's events and the devtools give
 * it), the key not at all.
 */
export interface LoggedRequest {
  readonly region: string;
  readonly time: number;
  readonly method: string;
  readonly path: string;
  /** 0 until answered. */
  status: number;
  /** Auth: the token issued; GraphQL: the token presented (issued here or not). `—` for none. */
  tokenTag: string;
  readonly operationName: string | null;
}

/**
 * One subscription connection as the mock saw it: a WebSocket (graphql-ws) or an event stream
 * (graphql-sse, one per operation). The token appears as its tag only.
 */
export interface SubscriptionConnection {
  readonly transport: 'ws' | 'sse';
  readonly region: string;
  readonly time: number;
  readonly tokenTag: string;
  /**
   * `open` while it runs, then `closed`; `expired` or `refused` when the token was turned away at
   * connect (the expired answer or 4401; no token or a bad one: 401 or 4403).
   */
  state: 'open' | 'closed' | 'expired' | 'refused';
  /** Operations subscribed over it. */
  subscriptions: number;
  /** The server ended it because its token expired or was revoked (4401, or the expired answer on the stream). */
  endedForExpiry: boolean;
}
