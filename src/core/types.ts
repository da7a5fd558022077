import type { StoreApi } from 'zustand/vanilla';
import type { AuthError } from './errors/index.js';
import type { PersistOptions } from './persistence.js';
import type { Regions } from './regions.js';
import type { GraphQLDocument, Variables } from './transport.js';
import type { VariablesArgs } from './variables.js';

export interface AuthState {
  status: 'idle' | 'authenticating' | 'authenticated' | 'error';
  token: string | null;
  /** Epoch ms by the client's clock, corrected for the issuer's clock when the JWT has `iat`. */
  expiresAt: number | null;
  /** When this client (or the tab that shared it) received the token, epoch ms by our clock. */
  receivedAt: number | null;
  /** The region the token was issued by, and the only one it is sent to. */
  region: string | null;
  error: AuthError | null;
}

export interface AuthClientOptions {
  apiKey: string;
  /**
   * A key of `regions`, or "auto": try each configured region's `/v1/auth` in order and keep the
   * first that accepts the key.
   */
  region: string;
  /** Defaults to DEFAULT_REGIONS (us, eu); a given map replaces it. */
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
   * Keep the token and its expiry (never the API key) across reloads: `true` for sessionStorage, or
   * a storage and key of your own. Default off.
   */
  persist?: boolean | PersistOptions;
  /**
   * Share one token among the tabs of this app through a BroadcastChannel of this name: one tab
   * renews (under a Web Lock), the others receive the token; a sign-out signs out every tab. Default off.
   */
  tabSync?: string;
  /** Renew a due token as soon as the page becomes visible or the network returns; default true. */
  renewOnWake?: boolean;
}

export interface RequestInit {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Who the client authenticates as, without the secret: safe for query keys and logs. */
export interface AuthIdentity {
  region: string;
  /** A non-reversible tag of the API key and endpoints. */
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
  /** Stops background renewal for good; requests still work, renewing on demand. */
  dispose: () => void;
}
