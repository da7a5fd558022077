import type { DevtoolsOption } from '../browser/devtools.js';
import type { TabSyncOption } from '../browser/tab-sync.js';
import type { Persistence } from '../session/session-store.js';
import type { AutoRegion } from '../sources/region-discovery.js';
import type { Regions } from '../sources/regions.js';
import type { TokenEndpointMode } from '../sources/token-endpoint-source.js';
import type { GraphQLProxyMode } from './proxy-client.js';
import type { WakeWatcher } from '../browser/wake.js';
import type { KnownOptions } from './unknown-options.js';
import type { SubscriptionsOption } from './subscriptions/subscriptions-option.js';

/** What turns an opt-in off, as React code writes it: `persist={rememberMe && sessionPersistence()}`. */
type Off = false | null | undefined;

/** Everything but where tokens come from. */
export interface AuthClientBaseOptions {
  /**
   * Defaults to DEFAULT_REGIONS (us, eu); a given map replaces it. With `tokenEndpoint`, not needed: tokens go
   * where the endpoint says; a given map must name the same URLs (else GraphQLUrlMismatchError).
   */
  regions?: Regions;
  /** Defaults to `globalThis.fetch`, looked up at call time. */
  fetch?: typeof fetch;
  /** Headers that present the token; default `{ authorization: `Bearer ${token}` }`. */
  authorize?: (token: string) => Record<string, string>;
  /** Renew this long before expiry; default 60 000, never more than half the token's lifetime. */
  refreshMarginMs?: number;
  /** Give up on a `/v1/auth` call after this long; default 30 000. With `tabSync`, a tab waits for another tab's renewal about as long. */
  authTimeoutMs?: number;
  /** Clock, epoch ms; default Date.now. */
  now?: () => number;
  /**
   * Keep the token and its expiry (never the API key) across reloads: `sessionPersistence()` for
   * sessionStorage, or `sessionPersistence({ storage, key })`. Default off.
   */
  persist?: Persistence | Off;
  /**
   * Share one token among the tabs of this app, `tabSync('my-app')`: one tab renews (under a Web
   * Lock), the others receive the token; a sign-out signs out every tab. A tab that holds the lock
   * longer than one renewal may take (`authTimeoutMs` + 1.15 s) is taken for one that cannot run, and
   * the others renew without it. Default off.
   */
  tabSync?: TabSyncOption | Off;
  /** Show the client's state (token redacted) in Redux DevTools in development: `authDevtools()`. Default off. */
  devtools?: DevtoolsOption | Off;
  /**
   * Renew a due token as soon as the page becomes visible or the network returns; default true.
   * React Native has no page: pass `appStateWake(AppState)` from graphql-jwt-auth-react/native.
   */
  renewOnWake?: boolean | WakeWatcher;
  /**
   * `client.subscribe` over graphql-ws or graphql-sse (optional peers, loaded with the first
   * subscription): `graphqlSubscriptions({ transport: 'ws' })`. Default off: subscribe throws an AuthConfigError.
   */
  subscriptions?: SubscriptionsOption | Off;
}

/** Browser-held key mode. */
export interface ApiKeyModeOptions extends AuthClientBaseOptions {
  /** Browser-held key mode: the key is exchanged at `/v1/auth` (needs `region`). */
  apiKey?: string | Off;
  tokenEndpoint?: Off;
  graphqlProxy?: Off;
  /**
   * A key of `regions`, or `autoRegion()`: try each configured region's `/v1/auth` in order and keep
   * the first that accepts the key. A string, not `keyof regions`: see docs/choices.md.
   */
  region?: string | AutoRegion | Off;
}

/** Token-mediating backend mode. */
export interface TokenEndpointModeOptions extends AuthClientBaseOptions {
  apiKey?: Off;
  /**
   * Token-mediating backend mode, `tokenEndpoint('/api/token')`: tokens come from the app's token
   * endpoint (createTokenHandler). The key stays on the server; the JWT is held in memory and sent
   * to the GraphQL URL the endpoint answers (its own upstream), so `regions` are not needed.
   */
  tokenEndpoint?: TokenEndpointMode | Off;
  graphqlProxy?: Off;
  /** Only names the cache scope. */
  region?: string | AutoRegion | Off;
}

/** Backend-for-frontend mode. */
export interface GraphQLProxyModeOptions extends AuthClientBaseOptions {
  apiKey?: Off;
  tokenEndpoint?: Off;
  /**
   * Backend-for-frontend mode, `graphqlProxy('/api/graphql')`: operations go to the app's GraphQL
   * proxy (createGraphQLProxy). Neither key nor token reaches the browser; requests carry the app's
   * own cookies (on the page's origin or, listed in the handlers' `allowedOrigins`, another).
   */
  graphqlProxy?: GraphQLProxyMode | Off;
  /** Only names the cache scope. */
  region?: string | AutoRegion | Off;
}

/**
 * Exactly one of `apiKey`, `tokenEndpoint` or `graphqlProxy` says where tokens come from (see
 * "Where the key lives" in the README): a union, so giving two fails to compile (and, from
 * JavaScript, is an AuthConfigError). Everything beyond an API key in one region is opt-in and
 * passed in from its own factory (`tokenEndpoint(url)`, `graphqlProxy(url)`, `autoRegion()`,
 * `sessionPersistence()`, `tabSync(name)`, `authDevtools()`), so a bundler drops what an app does not import.
 * Each of these takes `false`, `null` or `undefined` for off, so `persist={rememberMe && sessionPersistence()}`
 * works; any other value that is not what its factory gives is an AuthConfigError naming the option.
 */
export type AuthClientOptions = ApiKeyModeOptions | TokenEndpointModeOptions | GraphQLProxyModeOptions;

/** Every option's name, for the development warning about names the client does not know. */
export const CLIENT_OPTION_NAMES: KnownOptions<AuthClientOptions> = {
  apiKey: true,
  tokenEndpoint: true,
  graphqlProxy: true,
  region: true,
  regions: true,
  fetch: true,
  authorize: true,
  refreshMarginMs: true,
  authTimeoutMs: true,
  now: true,
  persist: true,
  tabSync: true,
  devtools: true,
  renewOnWake: true,
  subscriptions: true,
};
