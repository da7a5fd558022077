import { sha256Hex } from '../core/sources/digest.js';
import { buildAuthClient, type ClientParts, type Ownership } from '../core/client/auth-client.js';
import { AuthConfigError, AuthNetworkError, AuthRequestError, AuthServerError, InvalidApiKeyError, UnexpectedRedirectError } from '../core/errors/index.js';
import { autoRegion, type AutoRegion } from '../core/sources/region-discovery.js';
import { refusalRecovery } from '../core/session/refusal-recovery.js';
import { sharedTokenSource } from '../core/sources/shared-token-source.js';
import { createTransport, type Send } from '../core/wire/transport.js';
import { type Labels, serverTelemetry } from '../core/wire/telemetry.js';
import { tellErrorsInFull } from '../core/errors/error-message.js';
import { explainOptionError } from '../core/client/option-messages.js';
import { upstreamAnswerError } from './upstream-answer-error.js';
import type { AuthClientOptions } from '../core/client/options.js';
import type { HandlerOptionsBase } from './options.js';
import type { FailureMemory } from './remembered-failures.js';
import { serverLogger } from './log-lines.js';

/** How a handler's clients reach the service: its transport, and (in a pool) when an idle one stops renewing. */
export interface UpstreamWiring {
  transport?: ((graphqlUrl: string, fetchImpl: typeof fetch) => Send) | undefined;
  renewsWhenDue?: (() => boolean) | undefined;
  telemetryLabels?: Labels;
  /** The handler's record of its sessions' failures, which outlives the session that met them. */
  failures: FailureMemory;
}

/**
 * A client a handler holds for the service with one key: it owns it, so the token is renewed ahead
 * of expiry in the background and most browser calls cost no upstream call.
 */
export function upstreamClient(
  options: HandlerOptionsBase,
  { apiKey, region }: { apiKey: string; region: string | AutoRegion },
  { transport, renewsWhenDue, telemetryLabels, failures }: UpstreamWiring,
): ClientParts {
  tellErrorsInFull();
  const { regions, fetch, refreshMarginMs, authTimeoutMs, now, tokenCache } = options;
  // A server ships no bundle, so "auto" needs no import here: it is discovery unless a region has that name.
  const discover = region === 'auto' && !Object.hasOwn(regions ?? {}, 'auto');
  const clientOptions: AuthClientOptions = { apiKey, region: discover ? autoRegion() : region, renewOnWake: false };
  if (regions !== undefined) clientOptions.regions = regions;
  if (fetch !== undefined) clientOptions.fetch = fetch;
  if (refreshMarginMs !== undefined) clientOptions.refreshMarginMs = refreshMarginMs;
  if (authTimeoutMs !== undefined) clientOptions.authTimeoutMs = authTimeoutMs;
  if (now !== undefined) clientOptions.now = now;
  // A server's log is read by a person in any build: full option (and error) messages, and its own telemetry.
  const ownership: Ownership = {
    selfOwned: true,
    transport: transport ?? ((graphqlUrl, fetchImpl) => createTransport(graphqlUrl, fetchImpl, upstreamAnswerError)),
    explain: explainOptionError,
    telemetry: serverTelemetry(telemetryLabels),
    waitUntil: options.waitUntil,
    renewsWhenDue,
  };
  const waits = recoveryBackoff(options.recovery);
  ownership.refusalRecovery = (clock) => refusalRecovery(waits, clock);
  // A cache that keeps the farm's hold-off shares the outage backoff already, past any session.
  const cacheHoldsOff = tokenCache?.holdOff !== undefined && tokenCache.readHoldOff !== undefined;
  const log = serverLogger(options).warn;
  ownership.shareSource = (exchange, { identityMaterial, ...context }) => {
    const inner = failures(exchange, identityMaterial, !cacheHoldsOff);
    if (tokenCache === undefined) return inner;
    // The cache is told the key's full SHA-256, not the client's short tag: two keys must never share an entry.
    return sharedTokenSource({ inner, cache: tokenCache, identity: sha256Hex(identityMaterial), ...context, log, labels: telemetryLabels });
  };
  const parts = buildAuthClient(clientOptions, ownership);
  if (options.onEvent !== undefined) parts.client.onEvent(options.onEvent);
  const { error } = parts.client.store.getState();
  if (error instanceof AuthConfigError) throw error;
  return parts;
}

export const DEFAULT_RECOVERY_INITIAL_DELAY_MS = 5_000;
export const DEFAULT_RECOVERY_MAX_DELAY_MS = 5 * 60_000;

/** The waits before asking again after a refused key: doubling from the first to the cap. */
export function recoveryBackoff({ initialDelayMs = DEFAULT_RECOVERY_INITIAL_DELAY_MS, maxDelayMs = DEFAULT_RECOVERY_MAX_DELAY_MS } = {}): number[] {
  const waits: number[] = [];
  for (let wait = Math.min(initialDelayMs, maxDelayMs); ; wait = Math.min(wait * 2, maxDelayMs)) {
    waits.push(wait);
    if (wait >= maxDelayMs) return waits;
  }
}

/** How a failure to obtain or present the server's credentials is told to the browser: the kind, never the detail. */
export function upstreamAuthFailure(error: unknown): { status: number; message: string; code: string; headers: Record<string, string> } | null {
  if (error instanceof UnexpectedRedirectError) {
    return { status: 502, message: 'The service answered with a redirect, which is not followed', code: 'UPSTREAM_REDIRECT_REFUSED', headers: {} };
  }
  if (error instanceof InvalidApiKeyError || error instanceof AuthRequestError) {
    return { status: 502, message: "The service refused this server's credentials", code: 'UPSTREAM_AUTH_REFUSED', headers: {} };
  }
  if (error instanceof AuthServerError || error instanceof AuthNetworkError) {
    // Until the backoff ends this process asks no one: callers are told when it will ask again.
    const waitMs = error.retryInMs ?? (error instanceof AuthServerError ? error.retryAfterMs : undefined);
    const headers: Record<string, string> = waitMs === undefined ? {} : { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) };
    return { status: 503, message: "The service's auth endpoint is unavailable", code: 'UPSTREAM_AUTH_UNAVAILABLE', headers };
  }
  return null;
}
