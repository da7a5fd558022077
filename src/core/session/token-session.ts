/**
 * session/: the token's life. One renewal in flight with its waiters, the expiry and the renewal
 * timer, backoff after failures and `Retry-After`, the issuer's clock, the sign-out generation, the
 * store React reads (auth-state.ts, session-store.ts) and the session as tabs share it
 * (shared-session.ts). It asks a `TokenSource` for tokens and never knows which one; it may import
 * sources/, wire/ and errors/, never client/ or browser/.
 */
import type { StoreApi } from 'zustand/vanilla';
import {
  AuthConfigError,
  AuthError,
  type AuthNetworkError,
  AuthRequestError,
  type AuthServerError,
  InvalidApiKeyError,
  SignedOutError,
} from '../errors/index.js';
import { outageWaitMs, renewalBackoffMs } from './auth-backoff.js';
import { createIssuerClock } from './issuer-clock.js';
import { createRenewalTimer } from './renewal-timer.js';
import { throttledForMs } from '../wire/retry-after.js';
import type { SharedSession } from './shared-session.js';
import { readTokenExpiry, TOKEN_LIFETIME_MS } from '../sources/token-expiry.js';
import type { TokenSource } from '../sources/token-source.js';
import { isTransientAuthError } from '../wire/transient.js';
import type { AuthState } from './auth-state.js';
import { type AuthEvents, tokenTag } from './auth-events.js';
import type { RefusalRecovery } from './refusal-recovery.js';

/** Tokens living less than this are renewed on demand only: a timer for them would all but spin. */
const MIN_TIMED_LIFETIME_MS = 1_000;

/** How many tokens a session remembers (refused, or its own): more than any tab or request can still be holding. */
const REMEMBERED_REFUSALS = 8;

/** Adds `token`, forgetting the oldest beyond what any tab or request can still hold. */
function remember(tokens: Set<string>, token: string): void {
  tokens.add(token);
  for (const oldest of tokens) {
    if (tokens.size <= REMEMBERED_REFUSALS) break;
    tokens.delete(oldest);
  }
}

/** The store's fields that describe the token; all null when there is none. */
export const NO_SESSION = { token: null, expiresAt: null, receivedAt: null, region: null } as const;

export function sessionOf({ token, expiresAt, receivedAt, region, scope }: AuthState): SharedSession | null {
  return token === null || expiresAt === null || receivedAt === null || region === null ? null : { token, expiresAt, receivedAt, region, scope };
}

export interface TokenSessionOptions {
  store: StoreApi<AuthState>;
  source: TokenSource;
  now: () => number;
  marginMs: number;
  /** Bad options: no token is ever asked for, every call fails with it. */
  configError: AuthError | null;
  /** A persisted token, if any, is read before the first decision to ask for one. */
  hydration: { hydrated: Promise<void>; isHydrated: () => boolean };
  /** Background renewal is armed only while this holds (an owner holds the client). */
  mayRenewInBackground: () => boolean;
  /** Runs an exchange where no other tab runs one (the tab lock), or at once. */
  coordinate: <T>(task: () => Promise<T>) => Promise<T>;
  /** Told of each token this session obtained, once the store has it (for the other tabs). */
  onObtained: (session: SharedSession) => void;
  /** Called before a token is needed: the first use starts an owner's background work. */
  onUse: () => void;
  /**
   * Keeps a promise alive after the answer went out (Workers' `ctx.waitUntil`, Next.js `after`).
   * Given, a due but valid token is served at once and renewed in the background: where an idle
   * isolate runs no timer, the request that finds the token due does not wait for `/v1/auth`.
   */
  waitUntil?: ((promise: Promise<unknown>) => void) | undefined;
  /** A refused key asked again after a backoff instead of for good (servers: refusal-recovery.ts). */
  recovery?: RefusalRecovery | undefined;
  /**
   * Asked when the renewal timer fires: false leaves the token to lapse, renewed on demand by the
   * next use (a server's tenant nobody asked for since: it costs no `/v1/auth` call meanwhile).
   */
  renewsWhenDue?: (() => boolean) | undefined;
  /** Told of each exchange's start and end. */
  events: AuthEvents;
}

export interface TokenSession {
  /** A valid token for a request, from the store or from one shared exchange. */
  readySession: () => Promise<SharedSession>;
  /**
   * The token held, when readySession would answer it with nothing to do (valid, not due, not
   * stopped), else null: a server answering thousands of token requests a second skips a turn of the
   * microtask queue on each.
   */
  heldSession: () => SharedSession | null;
  /** One exchange at a time; `force` asks even while a valid token is held. */
  renew: (force?: boolean) => Promise<SharedSession>;
  /** Lifts a sign-out and asks for a token now. */
  refresh: () => Promise<SharedSession>;
  /**
   * Renews `token` while it stays in service: everyone else keeps getting it until the new one
   * arrives, and a renewal that fails (429, 5xx, timeout) leaves it in service while it is valid.
   * A token that is no longer the current one costs nothing: the current session answers.
   */
  replaceInService: (token: string) => Promise<SharedSession>;
  /**
   * Whether `token` came from this session's own exchange (not from a cache, another tab or
   * storage): an expired answer to such a token, asked for after a refusal, ends the retries.
   */
  obtainedFirstHand: (token: string) => boolean;
  /** Forgets a token the server called expired (unless a newer one replaced it already), and never takes it back. */
  dropToken: (token: string) => void;
  /** Whether a request sent with `session` that got no readable answer may have met an expired token. */
  mayHaveExpired: (session: SharedSession) => boolean;
  /** Takes a token from elsewhere (another tab) when it is newer and usable; true if taken. */
  offer: (session: SharedSession, acceptsRegion: (region: string) => boolean) => boolean;
  /** The token to hand a tab that just opened, if this one holds a fresh one. */
  shareable: () => SharedSession | null;
  /** A renewal for a due token, else the timer re-armed from now (after sleep). */
  wake: () => void;
  signOut: () => void;
  /** Bumped by every sign-out: work started before it writes nothing. */
  generation: () => number;
  /** Arms (or disarms) the renewal timer from the current state. */
  scheduleRenewal: () => void;
  dispose: () => void;
}

/**
 * The token's life: single flight of exchanges, expiry, the renewal schedule with backoff while
 * the auth server fails, and the sign-out generation that voids work started before it.
 */
export function createTokenSession(options: TokenSessionOptions): TokenSession {
  const { store, source, now, marginMs, configError, hydration, events, recovery } = options;
  const timer = createRenewalTimer(() => {
    // The timer armed after a refused key is the retry itself: its wait is over, whatever the clock
    // says (a timer may fire a millisecond before Date.now reaches the time it was set for).
    if (store.getState().status === 'error') recovery?.askNow();
    // A background renewal never brings back what a sign-out (or a final auth error) ended.
    if (stoppedBy() !== null || options.renewsWhenDue?.() === false) return;
    renew().catch(() => undefined); // the outcome is in the store; nobody awaits a background renewal
  });

  let generation = 0;
  let signedOut = false;
  let inflight: Promise<SharedSession> | null = null;
  let failedRenewals = 0;
  let renewNotBefore = 0;
  /** The last token the GraphQL endpoint refused: a mediating backend must hear which one. */
  let refused: string | null = null;
  /** Tokens the server called expired: another tab that has not asked yet may still offer them. */
  const refusedTokens = new Set<string>();
  /** Tokens this session's own exchanges brought, newest last. */
  const firstHandTokens = new Set<string>();
  const issuerClock = createIssuerClock();
  /**
   * After a failed exchange (an outage, or a throttled `/v1/auth` with Retry-After): asked again no
   * sooner, and every caller meanwhile gets the failure at once, told how long is left.
   */
  let backoff: { until: number; throttledUntil: number; error: AuthServerError | AuthNetworkError } | null = null;
  /** Exchanges failed in a row while no token was held: the outage backoff's step. */
  let failedExchanges = 0;
  /** Whether `expiry-unread` was told: once per client. */
  let toldExpiryUnread = false;

  const storedSession = () => sessionOf(store.getState());
  const marginFor = ({ expiresAt, receivedAt }: SharedSession) => Math.min(marginMs, (expiresAt - receivedAt) / 2);
  const isDue = (session: SharedSession) => now() >= session.expiresAt - marginFor(session);

  /** Why no exchange may be made now, if anything stops it. */
  function stoppedBy(): AuthError | null {
    if (configError) return configError;
    if (signedOut) return new SignedOutError();
    const { status, error } = store.getState();
    // An exchange's AuthConfigError (the token endpoint and the options disagree) needs the app changed, as a refused key does.
    const final = error instanceof InvalidApiKeyError || error instanceof AuthRequestError || error instanceof AuthConfigError;
    if (status !== 'error' || !final) return null;
    return recovery?.due() === true ? null : error;
  }

  function scheduleRenewal(): void {
    const session = storedSession();
    if (session === null || !options.mayRenewInBackground()) {
      timer.cancel();
      return;
    }
    const renewAt = Math.max(session.expiresAt - marginFor(session), renewNotBefore);
    // When backoff runs past expiry, or the token is too short-lived, renewal happens on demand.
    if (renewAt >= session.expiresAt || session.expiresAt - session.receivedAt < MIN_TIMED_LIFETIME_MS) timer.cancel();
    else timer.schedule(renewAt - now());
  }

  function adopt(session: SharedSession): void {
    refused = null;
    recovery?.settled();
    failedRenewals = 0;
    failedExchanges = 0;
    renewNotBefore = 0;
    backoff = null;
    source.settledIn(session.region);
    const { scope } = store.getState();
    // The token endpoint moved this user to another tenant: what the old one's tokens fetched goes.
    if (scope !== undefined && session.scope !== undefined && session.scope !== scope)
      events.emit({ type: 'tenant-changed', tokenTag: tokenTag(session.token) });
    // Every session names its scope, undefined included: none is left from the token before.
    store.setState({ status: 'authenticated', error: null, ...session, scope: session.scope });
    scheduleRenewal();
  }

  /**
   * The next background renewal waits, longer after each renewal that brought nothing new, and never
   * less than a throttled answer's Retry-After.
   */
  function holdOff(error: AuthError | null = null, throttledMs = 0): void {
    failedRenewals += 1;
    renewNotBefore = now() + Math.max(renewalBackoffMs(failedRenewals), throttledMs);
    store.setState({ status: 'authenticated', error });
    scheduleRenewal();
  }

  /** Records a failed exchange; the error its callers get (told how long the backoff lasts). */
  function recordFailure(error: AuthError): AuthError {
    const current = storedSession();
    const throttledMs = throttledForMs(error);
    if (isTransientAuthError(error) && current !== null && now() < current.expiresAt) {
      if (throttledMs > 0) backoff = { until: now() + throttledMs, throttledUntil: now() + throttledMs, error };
      // A flaky auth server must not sign the user out while the current token still works.
      holdOff(error, throttledMs);
      return error;
    }
    if (isTransientAuthError(error)) {
      // No token to serve meanwhile: one exchange per backoff step, whoever calls. A source that
      // shares the backoff with other processes (a token cache's hold-off) has drawn the wait already.
      failedExchanges += 1;
      const waitMs = error.retryInMs ?? outageWaitMs(failedExchanges, error);
      const told = error.withRetryIn(waitMs);
      backoff = { until: now() + waitMs, throttledUntil: now() + throttledMs, error: told };
      timer.cancel();
      store.setState({ status: 'error', ...NO_SESSION, error: told });
      return told;
    }
    timer.cancel();
    store.setState({ status: 'error', ...NO_SESSION, error });
    // Asked again in the background, so a key accepted again (or a token another process shared
    // through the cache) is found without waiting for a caller.
    if (recovery !== undefined && (error instanceof InvalidApiKeyError || error instanceof AuthRequestError)) timer.schedule(recovery.refused());
    return error;
  }

  /** The failure that started the backoff, told to a caller how long is left of it. */
  const backingOff = () => (backoff !== null && now() < backoff.until ? backoff.error.withRetryIn(backoff.until - now()) : null);

  function renew(force = false): Promise<SharedSession> {
    if (inflight) return inflight;
    if (configError) return Promise.reject(configError);
    const waitOut = backingOff();
    if (waitOut !== null) return Promise.reject(waitOut);
    const generationAtStart = generation;
    const replacing = store.getState().token;
    store.setState({ status: 'authenticating', error: null });

    /** A sign-out since this renewal started voids it. */
    const throwIfSignedOutSince = () => {
      if (generationAtStart !== generation) throw stoppedBy() ?? new SignedOutError();
    };

    const exchange = async (): Promise<SharedSession> => {
      // Signed out while this waited for the tab lock (or for other tabs' answers): nothing is asked.
      throwIfSignedOutSince();
      // Another tab may have shared a fresh token while this one waited for the lock.
      const shared = storedSession();
      if (!force && shared !== null && shared.token !== replacing && !isDue(shared)) return shared;
      const requestedAt = now();
      const why = force ? 'forced' : refused !== null ? 'expired' : replacing === null ? 'first' : 'due';
      events.emit({ type: 'exchange-start', reason: why });
      asked = requestedAt;
      const issued = await source.obtain(refused, why);
      asked = null;
      const { token, region } = issued;
      const renewed = token !== replacing || shared === null;
      // A token shared through a token cache keeps the expiry and receipt time of its first holder.
      const receivedAt = issued.receivedAt ?? now();
      const expiresAt = renewed ? (issued.expiresAt ?? issuerClock.expiryOf(token, requestedAt, receivedAt)) : shared.expiresAt;
      events.emit({ type: 'exchange-end', ok: true, durationMs: now() - requestedAt, tokenTag: tokenTag(token), expiresAt });
      if (renewed && issued.expiresAt === undefined && !toldExpiryUnread && readTokenExpiry(token, requestedAt).assumed) {
        // Said once, not per token: a service whose tokens carry no `exp` would otherwise fill the log.
        toldExpiryUnread = true;
        events.emit({ type: 'expiry-unread', tokenTag: tokenTag(token), assumedLifetimeMs: TOKEN_LIFETIME_MS });
      }
      throwIfSignedOutSince();
      if (!renewed) {
        // A mediating backend may still hold the token we meant to replace: keep it, and ask again
        // only after a backoff, or a timer due at once would ask in a loop.
        holdOff();
        return shared;
      }
      const session: SharedSession = { token, expiresAt, receivedAt, region, scope: issued.scope };
      // Another tab's newer token, taken while this one asked (it renewed while this tab could not
      // run): the newer token wins here as in `offer`, so tabs converge on one and this one is not sent.
      const held = storedSession();
      if (held !== null && held.token !== replacing && held.expiresAt > expiresAt) {
        adopt(held);
        return held;
      }
      if (issued.secondHand !== true) remember(firstHandTokens, token);
      adopt(session);
      options.onObtained(session);
      return session;
    };

    /** When this renewal's `/v1/auth` call started, while it runs: a failure then ends the exchange. */
    let asked: number | null = null;
    const attempt = options.coordinate(exchange).catch((error: unknown) => {
      const authError = error instanceof AuthError ? error : source.toAuthError(error);
      if (asked !== null) events.emit({ type: 'exchange-end', ok: false, durationMs: now() - asked, error: authError.name });
      if (generationAtStart !== generation) throw stoppedBy() ?? authError;
      throw recordFailure(authError);
    });
    const settled: Promise<SharedSession> = attempt.finally(() => {
      if (inflight === settled) inflight = null;
    });
    inflight = settled;
    return settled;
  }

  /**
   * A renewal's failure, unless the auth server is only down: then the token held now, while it is
   * valid (this one, or a newer one another tab handed over while the renewal ran).
   */
  function heldThrough(error: unknown): SharedSession {
    const held = storedSession();
    if (isTransientAuthError(error) && held !== null && now() < held.expiresAt) return held;
    throw error;
  }

  function validSession(): Promise<SharedSession> {
    const stop = stoppedBy();
    if (stop) return Promise.reject(stop);
    const current = storedSession();
    if (current === null || now() >= current.expiresAt) return renew();
    if (!isDue(current)) return Promise.resolve(current);
    // Due but still valid: renew first, yet keep serving the valid token while the auth server fails.
    if (inflight === null && now() < renewNotBefore) return Promise.resolve(current);
    if (options.waitUntil !== undefined) {
      // The outcome lands in the store (a failure backs off as a timer's would); nobody awaits it here.
      options.waitUntil(renew().catch(() => undefined));
      return Promise.resolve(current);
    }
    return renew().catch(heldThrough);
  }

  void hydration.hydrated.then(() => {
    const state = store.getState();
    if (state.region !== null) source.settledIn(state.region);
    const stored = sessionOf(state);
    if (stored !== null) events.emit({ type: 'token-adopted', from: 'storage', tokenTag: tokenTag(stored.token), expiresAt: stored.expiresAt });
    scheduleRenewal();
  });

  return {
    readySession() {
      options.onUse();
      // A stored token is read first, so a reload does not ask for one in parallel.
      return hydration.isHydrated() ? validSession() : hydration.hydrated.then(validSession);
    },
    heldSession() {
      if (!hydration.isHydrated() || stoppedBy() !== null) return null;
      // Due covers expired: a due token is one readySession renews first.
      const current = storedSession();
      if (current === null || isDue(current)) return null;
      options.onUse();
      return current;
    },
    renew,
    refresh() {
      options.onUse();
      signedOut = false;
      recovery?.askNow();
      // Asked for by the app (a "try again", a fixed key): the client's own backoff yields, the
      // server's Retry-After does not.
      if (backoff !== null) backoff = now() < backoff.throttledUntil ? { ...backoff, until: backoff.throttledUntil } : null;
      return renew(true);
    },
    replaceInService(token) {
      const current = storedSession();
      if (current?.token !== token) return validSession();
      refused = token;
      return renew(true).catch(heldThrough);
    },
    obtainedFirstHand: (token) => firstHandTokens.has(token),
    dropToken(token) {
      remember(refusedTokens, token);
      if (store.getState().token !== token) return;
      refused = token;
      timer.cancel();
      store.setState({ status: inflight ? 'authenticating' : 'idle', ...NO_SESSION });
    },
    /**
     * A browser shows a 401 without CORS headers as a network failure, body unseen. When the token
     * may well have expired by then (due, or older than the documented hour), the failure is taken
     * for an expiry answer.
     */
    mayHaveExpired: (session) => isDue(session) || now() - session.receivedAt >= TOKEN_LIFETIME_MS,
    offer(session, acceptsRegion) {
      const current = storedSession();
      const newer = current === null || session.expiresAt > current.expiresAt;
      // Another tenant's token (a tab or a stored session from before the user moved) is never taken.
      const { scope } = store.getState();
      const sameScope = scope === undefined || session.scope === scope;
      const usable = !signedOut && newer && sameScope && !refusedTokens.has(session.token) && session.expiresAt > now() && acceptsRegion(session.region);
      if (usable) adopt(session);
      return usable;
    },
    shareable() {
      const current = storedSession();
      return current !== null && !isDue(current) ? current : null;
    },
    wake() {
      const current = storedSession();
      if (current !== null && isDue(current) && stoppedBy() === null) renew().catch(() => undefined);
      else scheduleRenewal(); // a timer that slept through its moment is armed again from now
    },
    signOut() {
      generation += 1;
      signedOut = true;
      inflight = null;
      failedRenewals = 0;
      renewNotBefore = 0;
      timer.cancel();
      store.setState({ status: 'signedOut', ...NO_SESSION, error: null });
    },
    generation: () => generation,
    scheduleRenewal,
    dispose() {
      timer.dispose();
    },
  };
}
