import { unlessAborted } from './abort.js';
import { requestToken } from './auth-endpoint.js';
import { type ClientConfig, DEFAULT_REFRESH_MARGIN_MS, type RegionCandidate, readConfig } from './config.js';
import { connectDevtools } from './devtools.js';
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
import { createSessionStore } from './persistence.js';
import { authenticateFirstAccepting } from './region-discovery.js';
import { RenewalTimer } from './renewal-timer.js';
import { createTabSync, type SharedSession, type TabSync } from './tab-sync.js';
import { readTokenExpiry, TOKEN_LIFETIME_MS } from './token-expiry.js';
import { isTransientAuthError } from './transient.js';
import { createTransport, type GraphQLDocument, mayBeMutation, NoAnswer, type Send, type Variables } from './transport.js';
import type { AuthClient, AuthClientOptions, AuthState, RequestInit } from './types.js';
import { watchWake } from './wake.js';

/** Waits after failed background renewals while the current token is still valid. */
const RENEWAL_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;
/** Tokens living less than this are renewed on demand only: a timer for them would all but spin. */
const MIN_TIMED_LIFETIME_MS = 1_000;

/** Region "auto": where each identity's key was accepted, so a remounted client asks there first. */
const discoveredHomes = new Map<string, string>();

const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

function tryReadConfig(options: AuthClientOptions): ClientConfig | AuthConfigError {
  try {
    return readConfig(options);
  } catch (error) {
    if (error instanceof AuthConfigError) return error;
    throw error;
  }
}

/** The store's fields that describe the token; all null when there is none. */
const NO_SESSION = { token: null, expiresAt: null, receivedAt: null, region: null } as const;

function sessionOf({ token, expiresAt, receivedAt, region }: AuthState): SharedSession | null {
  return token === null || expiresAt === null || receivedAt === null || region === null
    ? null
    : { token, expiresAt, receivedAt, region };
}

export function createAuthClient(options: AuthClientOptions): AuthClient {
  const now = options.now ?? Date.now;
  // Looked up per call, so a fetch patched after import (MSW, tests) is the one used.
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const authorize = options.authorize ?? bearer;
  const config = tryReadConfig(options);
  const configError = config instanceof AuthConfigError ? config : null;
  const candidates = config instanceof AuthConfigError ? [] : config.candidates;
  const refreshMarginMs = config instanceof AuthConfigError ? DEFAULT_REFRESH_MARGIN_MS : config.marginMs;
  const urls = candidates.flatMap(({ endpoints }) => [endpoints.authUrl, endpoints.graphqlUrl]);
  const identity = { region: options.region, id: fingerprint([options.apiKey, ...urls].join('\n')) };
  const candidateFor = (region: string) => candidates.find((candidate) => candidate.region === region);

  const { store, hydrated, isHydrated } = createSessionStore(
    { status: configError ? 'error' : 'idle', ...NO_SESSION, error: configError },
    options.persist === true ? {} : options.persist || undefined,
    { id: identity.id, now, acceptsRegion: (region) => candidateFor(region) !== undefined },
  );
  const transports = new Map<string, Send>();
  /** A token only ever travels to the GraphQL endpoint of the region that issued it. */
  function sendTo(region: string): Send {
    const candidate = candidateFor(region);
    if (config instanceof AuthConfigError) return () => Promise.reject(config);
    if (candidate === undefined) return () => Promise.reject(new AuthConfigError(`Unknown region "${region}"`));
    let send = transports.get(region);
    if (send === undefined) transports.set(region, (send = createTransport(candidate.endpoints.graphqlUrl, fetchImpl)));
    return send;
  }

  const timer = new RenewalTimer(() => {
    renew().catch(() => undefined); // the outcome is in the store; nobody awaits a background renewal
  });

  let generation = 0; // bumped by signOut(): refreshes started before it write nothing
  let signedOut = false;
  let inflight: Promise<SharedSession> | null = null;
  let failedRenewals = 0;
  let renewNotBefore = 0;
  // For region "auto": the region that accepted the key, asked first from then on.
  let home: RegionCandidate | undefined =
    candidates.length === 1 ? candidates[0] : candidateFor(discoveredHomes.get(identity.id) ?? '');

  const marginFor = ({ expiresAt, receivedAt }: SharedSession) =>
    Math.min(refreshMarginMs, (expiresAt - receivedAt) / 2);
  const isDue = (session: SharedSession) => now() >= session.expiresAt - marginFor(session);

  /** Why no `/v1/auth` call may be made now, if anything stops it. */
  function stoppedBy(): AuthError | null {
    if (configError) return configError;
    if (signedOut) return new SignedOutError();
    const { status, error } = store.getState();
    const final = error instanceof InvalidApiKeyError || error instanceof AuthRequestError;
    return status === 'error' && final ? error : null;
  }

  function scheduleRenewal(): void {
    const session = sessionOf(store.getState());
    if (session === null) {
      timer.cancel();
      return;
    }
    const renewAt = Math.max(session.expiresAt - marginFor(session), renewNotBefore);
    // When backoff runs past expiry, or the token is too short-lived, renewal happens on demand.
    if (renewAt >= session.expiresAt || session.expiresAt - session.receivedAt < MIN_TIMED_LIFETIME_MS) timer.cancel();
    else timer.schedule(renewAt - now());
  }

  function adopt(session: SharedSession): void {
    failedRenewals = 0;
    renewNotBefore = 0;
    home = candidateFor(session.region) ?? home;
    if (candidates.length > 1) discoveredHomes.set(identity.id, session.region);
    store.setState({ status: 'authenticated', error: null, ...session });
    scheduleRenewal();
  }

  function recordFailure(error: AuthError): void {
    const current = sessionOf(store.getState());
    if (isTransientAuthError(error) && current !== null && now() < current.expiresAt) {
      // A flaky auth server must not sign the user out while the current token still works.
      failedRenewals += 1;
      const backoff = RENEWAL_BACKOFF_MS[Math.min(failedRenewals, RENEWAL_BACKOFF_MS.length) - 1] ?? 0;
      renewNotBefore = now() + backoff;
      store.setState({ status: 'authenticated', error });
      scheduleRenewal();
      return;
    }
    timer.cancel();
    store.setState({ status: 'error', ...NO_SESSION, error });
  }

  const signOutListeners = new Set<() => void>();
  const signOutHere = () => {
    generation += 1;
    signedOut = true;
    inflight = null;
    failedRenewals = 0;
    renewNotBefore = 0;
    timer.cancel();
    store.setState({ status: 'idle', ...NO_SESSION, error: null });
    for (const listener of signOutListeners) listener();
  };

  const startTabSync = (channelName: string) =>
    createTabSync(channelName, identity.id, {
      onSession(session) {
        const current = sessionOf(store.getState());
        const newer = current === null || session.expiresAt > current.expiresAt;
        const usable = !signedOut && newer && session.expiresAt > now() && candidateFor(session.region) !== undefined;
        if (usable) adopt(session);
        return usable;
      },
      onSignOut: signOutHere,
      currentSession() {
        const current = sessionOf(store.getState());
        return current !== null && !isDue(current) ? current : null;
      },
    }, now);
  const wakeRenewal = () => {
    const current = sessionOf(store.getState());
    if (current !== null && isDue(current) && stoppedBy() === null) renew().catch(() => undefined);
    else scheduleRenewal(); // a timer that slept through its moment is armed again from now
  };

  // Listeners, the tab channel and DevTools start on first use, not at construction: React may make a client
  // and throw it away (StrictMode runs useMemo twice), and that one must leave nothing behind.
  let tabs: TabSync | null = null;
  let stopWatchingWake: () => void = () => undefined;
  let disconnectDevtools: () => void = () => undefined;
  let started = false;
  let disposed = false;
  function start(): void {
    if (started || disposed || configError) return;
    started = true;
    if (options.tabSync !== undefined) tabs = startTabSync(options.tabSync);
    if (options.renewOnWake !== false) stopWatchingWake = watchWake(wakeRenewal);
    disconnectDevtools = connectDevtools(store); // development only; the token is redacted there
  }

  /**
   * One `/v1/auth` exchange at a time, shared by every caller. `force` asks even when a token is
   * valid; otherwise a fresh token another tab shared while this one waited for the lock is used.
   */
  function renew(force = false): Promise<SharedSession> {
    if (inflight) return inflight;
    if (config instanceof AuthConfigError) return Promise.reject(config);
    const generationAtStart = generation;
    const replacing = store.getState().token;
    store.setState({ status: 'authenticating', error: null });
    const { apiKey, authTimeoutMs } = config;

    const exchange = async (): Promise<SharedSession> => {
      const shared = sessionOf(store.getState());
      if (!force && shared !== null && shared.token !== replacing && !isDue(shared)) return shared;
      const requestedAt = now();
      const { candidate, token } = await authenticateFirstAccepting(home ? [home] : candidates, ({ endpoints }) =>
        requestToken({ fetch: fetchImpl, authUrl: endpoints.authUrl, apiKey, timeoutMs: authTimeoutMs }),
      );
      if (generationAtStart !== generation) throw stoppedBy() ?? new SignedOutError();
      const session = { token, expiresAt: readTokenExpiry(token, requestedAt).expiresAt, receivedAt: now(), region: candidate.region };
      adopt(session);
      tabs?.publishSession(session);
      return session;
    };

    const attempt = (tabs ? tabs.exclusive(exchange) : exchange()).catch((error: unknown) => {
      const authUrl = (home ?? candidates[0])?.endpoints.authUrl ?? '';
      const authError = error instanceof AuthError ? error : new AuthNetworkError(authUrl, { cause: error });
      if (generationAtStart !== generation) throw stoppedBy() ?? authError;
      recordFailure(authError);
      throw authError;
    });
    const settled: Promise<SharedSession> = attempt.finally(() => {
      if (inflight === settled) inflight = null;
    });
    inflight = settled;
    return settled;
  }

  function validSession(): Promise<SharedSession> {
    const stop = stoppedBy();
    if (stop) return Promise.reject(stop);
    const current = sessionOf(store.getState());
    if (current === null || now() >= current.expiresAt) return renew();
    if (!isDue(current)) return Promise.resolve(current);
    // Due but still valid: renew first, yet keep serving the valid token while the auth server fails.
    if (inflight === null && now() < renewNotBefore) return Promise.resolve(current);
    return renew().catch((error: unknown) => {
      if (isTransientAuthError(error) && store.getState().token === current.token && now() < current.expiresAt) {
        return current;
      }
      throw error;
    });
  }

  /** A stored token is read before anything else, so a reload does not ask `/v1/auth` in parallel. */
  function readySession(): Promise<SharedSession> {
    start();
    return isHydrated() ? validSession() : hydrated.then(validSession);
  }

  /** Forgets a token the server called expired, unless a newer one has replaced it already. */
  function dropToken(token: string): void {
    if (store.getState().token !== token) return;
    timer.cancel();
    store.setState({ status: inflight ? 'authenticating' : 'idle', ...NO_SESSION });
  }

  /**
   * A browser shows a 401 without CORS headers as a network failure, body unseen. When the token
   * may well have expired by then (due, or older than the documented hour), the failure is taken
   * for an expiry answer.
   */
  const mayHaveExpired = (session: SharedSession) => isDue(session) || now() - session.receivedAt >= TOKEN_LIFETIME_MS;

  async function request<TData, TVariables extends Variables = Variables>(
    document: GraphQLDocument<TData, TVariables>,
    variables?: TVariables,
    init: RequestInit = {},
  ): Promise<TData> {
    const { signal, headers } = init;
    signal?.throwIfAborted();
    const startedIn = generation;
    const attempt = async (session: SharedSession) => {
      // A signOut() while this request awaited its token ended that token's session. Checked in the
      // same synchronous run as the send (graphql-request reaches fetch without an await).
      if (generation !== startedIn) throw new SignedOutError();
      return sendTo(session.region)(document, variables, { headers: mergeHeaders(headers, authorize(session.token)), signal });
    };

    const first = await unlessAborted(readySession(), signal);
    try {
      return await attempt(first);
    } catch (error) {
      if (error instanceof NoAnswer) {
        if (!mayHaveExpired(first)) throw error.cause;
        if (mayBeMutation(document)) {
          // A dropped connection may have applied a mutation: renewed for next time, never re-sent.
          dropToken(first.token);
          throw error.cause;
        }
      } else if (!(error instanceof ExpiredAnswer)) {
        throw error;
      }
    }
    // An expiry answer means the gateway rejected the operation before it ran, so even a mutation
    // is safe to send again; a hidden one is only assumed for operations that are not mutations.
    dropToken(first.token);
    const second = await unlessAborted(readySession(), signal);
    try {
      return await attempt(second);
    } catch (error) {
      if (error instanceof NoAnswer) throw error.cause;
      if (!(error instanceof ExpiredAnswer)) throw error;
      dropToken(second.token);
      throw error.giveUp();
    }
  }

  void hydrated.then(() => {
    home = candidateFor(store.getState().region ?? '') ?? home;
    scheduleRenewal();
  });

  return {
    request,
    getToken: () => readySession().then((session) => session.token),
    refresh() {
      start();
      signedOut = false;
      return renew(true).then((session) => session.token);
    },
    store,
    identity,
    signOut() {
      start();
      signOutHere();
      tabs?.publishSignOut();
    },
    onSignOut(listener) {
      signOutListeners.add(listener);
      return () => {
        signOutListeners.delete(listener);
      };
    },
    dispose() {
      disposed = true;
      timer.dispose();
      stopWatchingWake();
      tabs?.close();
      disconnectDevtools();
    },
  };
}
