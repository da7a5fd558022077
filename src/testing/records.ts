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
