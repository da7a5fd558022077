import type { StoreApi } from 'zustand/vanilla';
import type { DevtoolsOption } from '../browser/devtools.js';
import type { AuthError } from '../errors/index.js';
import type { GraphQLProxyMode } from './proxy-client.js';
import type { AutoRegion } from '../sources/region-discovery.js';
import type { Regions } from '../sources/regions.js';
import type { Persistence } from '../session/session-store.js';
import type { TabSyncOption } from '../browser/tab-sync.js';
import type { TokenEndpointMode } from '../sources/token-endpoint-source.js';
import type { GraphQLDocument, Variables } from '../wire/transport.js';
import type { VariablesArgs } from '../wire/variables.js';

export interface AuthState {
  /**
   * `idle`: no token asked for yet (or one dropped, none asked for since); `signedOut`: after
   * signOut(), here or in another tab, until refresh(); `error`: the last exchange failed for good.
   */
  status: 'idle' | 'authenticating' | 'authenticated' | 'signedOut' | 'error';
  token: string | null;
  /** Epoch ms by the client's clock, corrected for the issuer's clock when the JWT has `iat`. */
  expiresAt: number | null;
  /** When this client (or the tab that shared it) received the token, epoch ms by our clock. */
  receivedAt: number | null;
  /** The region the token was issued by, and the only one it is sent to. */
  region: string | null;
  error: AuthError | null;
}

/**
 * Exactly one of `apiKey`, `tokenEndpoint` or `graphqlProxy` says where tokens come from (see
 * "Where the key lives" in the README). Everything beyond an API key in one region is opt-in and
 * passed in from its own factory (`tokenEndpoint(url)`, `graphqlProxy(url)`, `autoRegion()`,
 * `sessionPersistence()`, `tabSync(name)`, `authDevtools()`), so a bundler drops what an app does not import.
 */
export interface AuthClientOptions {
  /** Browser-held key mode: the key is exchanged at `/v1/auth` (needs `region`). */
  apiKey?: string;
  /**
   * Token-mediating backend mode, `tokenEndpoint('/api/token')`: tokens come from the app's token
   * endpoint (createTokenHandler). The key stays on the server; the JWT is held in memory and sent
   * to the answered region's GraphQL endpoint.
   */
  tokenEndpoint?: TokenEndpointMode;
  /**
   * Backend-for-frontend mode, `graphqlProxy('/api/graphql')`: operations go to the app's GraphQL
   * proxy (createGraphQLProxy). Neither key nor token reaches the browser; requests carry the app's
   * own cookies (same origin).
   */
  graphqlProxy?: GraphQLProxyMode;
  /**
   * With `apiKey`: a key of `regions`, or `autoRegion()`: try each configured region's `/v1/auth`
   * in order and keep the first that accepts the key. With the other modes it only names the cache scope.
   */
  region?: string | AutoRegion;
  /** Defaults to DEFAULT_REGIONS (us, eu); a given map replaces it. With `tokenEndpoint`, the regions it may answer. */
  regions?: Regions;
  /** Defaults to `globalThis.fetch`, looked up at call time. */
  fetch?: typeof fetch;
  /** Headers that present the token; default `{ authorization: `Bearer ${token}` }`. */
  authorize?: (token: string) => Record<string, string>;
  /** Renew this long before expiry; default 60 000, never more than half the token's lifetime. */
  refreshMarginMs?: number;
  /** Give up on a `/v1/auth` call after this long; default 30 000. */
  authTimeoutMs?: number;
  /** Clock, epoch ms; default Date.now. */
  now?: () => number;
  /**
   * Keep the token and its expiry (never the API key) across reloads: `sessionPersistence()` for
   * sessionStorage, or `sessionPersistence({ storage, key })`. Default off.
   */
  persist?: Persistence;
  /**
   * Share one token among the tabs of this app, `tabSync('my-app')`: one tab renews (under a Web
   * Lock), the others receive the token; a sign-out signs out every tab. Default off.
   */
  tabSync?: TabSyncOption;
  /** Show the client's state (token redacted) in Redux DevTools in development: `authDevtools()`. Default off. */
  devtools?: DevtoolsOption;
  /** Renew a due token as soon as the page becomes visible or the network returns; default true. */
  renewOnWake?: boolean;
}

export interface RequestInit {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Who the client authenticates as, without the secret: safe for query keys and logs. */
export interface AuthIdentity {
  /** The `region` option as given ('' when none was). */
  region: string;
  /** A non-reversible tag of the API key (or the token endpoint or proxy) and the endpoints. */
  id: string;
}

/** Every member is a closure: destructuring (`const { request } = client`) is safe. */
export interface AuthClient {
  /**
   * Runs a GraphQL operation with a valid token, re-authenticating and retrying once on expiry.
   * `variables` is required when the document declares a required variable.
   */
  request: <TData, TVariables extends Variables = Variables>(
    document: GraphQLDocument<TData, TVariables>,
    ...args: VariablesArgs<TVariables, [init?: RequestInit]>
  ) => Promise<TData>;
  /** A valid token, renewing it first when due; concurrent callers share one `/v1/auth` call. */
  getToken: () => Promise<string>;
  /**
   * Authenticates now even if the token is valid, and lifts a sign-out or an invalid-key stop.
   * Concurrent calls share one `/v1/auth` call.
   */
  refresh: () => Promise<string>;
  store: StoreApi<AuthState>;
  identity: AuthIdentity;
  /** Forgets the token and discards any refresh in flight; requests fail with SignedOutError until refresh(). */
  signOut: () => void;
  /**
   * Calls `listener` after every sign-out: this client's, or with `tabSync` another tab's, so an app
   * can drop what the signed-out user was shown. Returns the unsubscribe function.
   */
  onSignOut: (listener: () => void) => () => void;
  /**
   * Holds the client: its background work (renewal timer, wake listeners, tab channel, DevTools,
   * storage writes) runs while at least one holder has not released it. AuthProvider retains its
   * client from a committed effect; a createAuthClient caller holds its client until dispose()
   * without calling this. Returns the release; calling it twice releases once.
   */
  retain: () => () => void;
  /** Stops background work for good; requests still work, renewing on demand. */
  dispose: () => void;
}
