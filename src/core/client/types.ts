import type { StoreApi } from 'zustand/vanilla';
import type { AuthState } from '../session/auth-state.js';
import type { AuthEvent } from '../session/auth-events.js';
import type { GraphQLDocument, Variables } from '../wire/transport.js';
import type { VariablesArgs } from '../wire/variables.js';
import type { SubscribeFunction } from './subscriptions/types.js';

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
  /**
   * Subscribes to a GraphQL subscription with the session's token, moving it to each new token
   * before expiry (make-before-break) and renewing once when the server ends it for its token.
   * Returns the unsubscribe function (the handlers' `signal` does the same). Present on a client made
   * with the `subscriptions` option (`graphqlSubscriptions()`): a provider's client without it has
   * none, so an app that never subscribes carries no code for it. `/core`'s createAuthClient always
   * has it (CoreAuthClient), throwing an AuthConfigError (`GJA_NO_SUBSCRIPTIONS`) without the option.
   */
  subscribe?: SubscribeFunction | undefined;
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
   * Calls `listener` with each of the client's events: exchanges, operations sent, tokens taken from
   * another tab or storage, sign-outs. Events hold no key, token, header, variables or data.
   * Returns the unsubscribe function.
   */
  onEvent: (listener: (event: AuthEvent) => void) => () => void;
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
