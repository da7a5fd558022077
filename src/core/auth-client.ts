import { createStore } from 'zustand/vanilla';
import { unlessAborted } from './abort.js';
import { requestToken } from './auth-endpoint.js';
import { type ClientConfig, DEFAULT_REFRESH_MARGIN_MS, readConfig } from './config.js';
import {
  AuthConfigError,
  AuthError,
  AuthNetworkError,
  AuthRequestError,
  InvalidApiKeyError,
  SignedOutError,
} from './errors/index.js';
import { ExpiredAnswer } from './expired-answer.js';
import { fingerprint } from './fingerprint.js';
import { mergeHeaders } from './headers.js';
import { RenewalTimer } from './renewal-timer.js';
import { readTokenExpiry, TOKEN_LIFETIME_MS } from './token-expiry.js';
import { isTransientAuthError } from './transient.js';
import { createTransport, type GraphQLDocument, type Send, type Variables } from './transport.js';
import type { AuthClient, AuthClientOptions, AuthState, RequestInit } from './types.js';

/** Waits after failed background renewals while the current token is still valid. */
const RENEWAL_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;
/** Tokens living less than this are renewed on demand only: a timer for them would all but spin. */
const MIN_TIMED_LIFETIME_MS = 1_000;

const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

function tryReadConfig(options: AuthClientOptions): ClientConfig | AuthConfigError {
  try {
    return readConfig(options);
  } catch (error) {
    if (error instanceof AuthConfigError) return error;
    throw error;
  }
}

export function createAuthClient(options: AuthClientOptions): AuthClient {
  const now = options.now ?? Date.now;
  // Looked up per call, so a fetch patched after import (MSW, tests) is the one used.
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const authorize = options.authorize ?? bearer;
  const config = tryReadConfig(options);
  const configError = config instanceof AuthConfigError ? config : null;
  const endpoints = config instanceof AuthConfigError ? null : config.endpoints;
  const refreshMarginMs = config instanceof AuthConfigError ? DEFAULT_REFRESH_MARGIN_MS : config.marginMs;

  const store = createStore<AuthState>()(() => ({
    status: configError ? 'error' : 'idle',
    token: null,
    expiresAt: null,
    error: configError,
  }));
  // Unusable options never reach a send: getToken() rejects with the AuthConfigError first.
  const send: Send =
    config instanceof AuthConfigError
      ? () => Promise.reject(config)
      : createTransport(config.endpoints.graphqlUrl, fetchImpl);
  const timer = new RenewalTimer(() => {
    renew().catch(() => undefined); // the outcome is in the store; nobody awaits a background renewal
  });

  let generation = 0; // bumped by signOut(): refreshes started before it write nothing
  let signedOut = false;
  let inflight: Promise<string> | null = null;
  let lifetimeMs = TOKEN_LIFETIME_MS;
  let failedRenewals = 0;
  let renewNotBefore = 0;

  const marginMs = () => Math.min(refreshMarginMs, lifetimeMs / 2);

  /** Why no `/v1/auth` call may be made now, if anything stops it. */
  function stoppedBy(): AuthError | null {
    if (configError) return configError;
    if (signedOut) return new SignedOutError();
    const { status, error } = store.getState();
    const final = error instanceof InvalidApiKeyError || error instanceof AuthRequestError;
    return status === 'error' && final ? error : null;
  }

  function scheduleRenewal(): void {
    const { token, expiresAt } = store.getState();
    if (token === null || expiresAt === null) {
      timer.cancel();
      return;
    }
    const renewAt = Math.max(expiresAt - marginMs(), renewNotBefore);
    // When backoff runs past expiry, or the token is too short-lived, renewal happens on demand.
    if (renewAt >= expiresAt || lifetimeMs < MIN_TIMED_LIFETIME_MS) timer.cancel();
    else timer.schedule(renewAt - now());
  }

  function recordFailure(error: AuthError): void {
    const { token, expiresAt } = store.getState();
    if (isTransientAuthError(error) && token !== null && expiresAt !== null && now() < expiresAt) {
      // A flaky auth server must not sign the user out while the current token still works.
      failedRenewals += 1;
      const backoff = RENEWAL_BACKOFF_MS[Math.min(failedRenewals, RENEWAL_BACKOFF_MS.length) - 1] ?? 0;
      renewNotBefore = now() + backoff;
      store.setState({ status: 'authenticated', error });
      scheduleRenewal();
      return;
    }
    timer.cancel();
    store.setState({ status: 'error', token: null, expiresAt: null, error });
  }

  function renew(): Promise<string> {
    if (inflight) return inflight;
    if (config instanceof AuthConfigError) return Promise.reject(config);
    const started = generation;
    store.setState({ status: 'authenticating', error: null });
    const { apiKey, authTimeoutMs, endpoints: { authUrl } } = config;
    const attempt = requestToken({ fetch: fetchImpl, authUrl, apiKey, timeoutMs: authTimeoutMs }).then(
      (token) => {
        if (started !== generation) throw stoppedBy() ?? new SignedOutError();
        const expiry = readTokenExpiry(token, now());
        lifetimeMs = expiry.lifetimeMs;
        failedRenewals = 0;
        renewNotBefore = 0;
        store.setState({ status: 'authenticated', token, expiresAt: expiry.expiresAt, error: null });
        scheduleRenewal();
        return token;
      },
      (error: unknown) => {
        const authError = error instanceof AuthError ? error : new AuthNetworkError(authUrl, { cause: error });
        if (started !== generation) throw stoppedBy() ?? authError;
        recordFailure(authError);
        throw authError;
      },
    );
    const settled: Promise<string> = attempt.finally(() => {
      if (inflight === settled) inflight = null;
    });
    inflight = settled;
    return settled;
  }

  function getToken(): Promise<string> {
    const stop = stoppedBy();
    if (stop) return Promise.reject(stop);
    const { token, expiresAt } = store.getState();
    if (token === null || expiresAt === null) return renew();
    const t = now();
    if (t < expiresAt - marginMs()) return Promise.resolve(token);
    if (t >= expiresAt) return renew();
    // Due but still valid: renew first, yet keep serving the valid token while the auth server fails.
    if (inflight === null && t < renewNotBefore) return Promise.resolve(token);
    return renew().catch((error: unknown) => {
      if (isTransientAuthError(error) && store.getState().token === token && now() < expiresAt) return token;
      throw error;
    });
  }

  /** Forgets a token the server called expired, unless a newer one has replaced it already. */
  function dropToken(token: string): void {
    if (store.getState().token !== token) return;
    timer.cancel();
    store.setState({ status: inflight ? 'authenticating' : 'idle', token: null, expiresAt: null });
  }

  async function request<TData, TVariables extends Variables = Variables>(
    document: GraphQLDocument<TData, TVariables>,
    variables?: TVariables,
    init: RequestInit = {},
  ): Promise<TData> {
    const { signal, headers } = init;
    signal?.throwIfAborted();
    const session = generation;
    const attempt = async (token: string) => {
      // A signOut() while this request awaited its token ended that token's session. Checked in the
      // same synchronous run as the send (graphql-request reaches fetch without an await).
      if (generation !== session) throw new SignedOutError();
      return send(document, variables, { headers: mergeHeaders(headers, authorize(token)), signal });
    };

    const first = await unlessAborted(getToken(), signal);
    try {
      return await attempt(first);
    } catch (error) {
      if (!(error instanceof ExpiredAnswer)) throw error;
    }
    // The gateway rejected the operation before it ran, so even a mutation is safe to send again.
    dropToken(first);
    const second = await unlessAborted(getToken(), signal);
    try {
      return await attempt(second);
    } catch (error) {
      if (!(error instanceof ExpiredAnswer)) throw error;
      dropToken(second);
      throw error.giveUp();
    }
  }

  return {
    request,
    getToken,
    refresh() {
      signedOut = false;
      return renew();
    },
    store,
    identity: {
      region: options.region,
      id: fingerprint(`${options.apiKey}\n${endpoints?.authUrl ?? ''}\n${endpoints?.graphqlUrl ?? ''}`),
    },
    signOut() {
      generation += 1;
      signedOut = true;
      inflight = null;
      failedRenewals = 0;
      renewNotBefore = 0;
      timer.cancel();
      store.setState({ status: 'idle', token: null, expiresAt: null, error: null });
    },
    dispose() {
      timer.dispose();
    },
  };
}
