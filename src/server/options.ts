import type { KnownOptions } from '../core/client/unknown-options.js';
import { AuthConfigError } from '../core/errors/index.js';
import type { AutoRegion } from '../core/sources/region-discovery.js';
import type { Regions } from '../core/sources/regions.js';
import type { TokenCache } from '../core/sources/token-cache.js';
import type { AuthEvent } from '../core/session/auth-events.js';

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;

export const DEFAULT_MAX_SESSIONS = 1000;

/** One tenant's credentials: the key the app holds for it, and its region (a key of `regions`, or "auto"). */
export interface TenantCredentials {
  apiKey: string;
  region: string;
}

/**
 * The app's own lookup from a request to the tenant it serves: a session cookie, its tenant, the
 * tenant's key from the app's secret store. It is the authorization: whatever it answers is served.
 * null refuses with 401; a throw answers 500 and tells the browser nothing of it.
 */
export type CredentialsResolver = (request: Request) => TenantCredentials | null | Promise<TenantCredentials | null>;

/** What a handler needs besides whose key it serves. */
export interface HandlerOptionsBase {
  regions?: Regions;
  /** Reaches the service; default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /**
   * The app's own check of its user (a session cookie, say). Required with `apiKey`: there is no
   * default that lets everyone in. With `credentials` the resolver's null refuses; given, both must pass.
   * False refuses with 401.
   */
  authorizeRequest?: (request: Request) => boolean | Promise<boolean>;
  /**
   * Origins besides the request's own that may call (a separate front-end origin), each as a browser
   * sends it (`https://app.example.com`). Their pages may call from another site, and read every
   * answer: the handlers answer their preflight and send them CORS headers, credentials included.
   */
  allowedOrigins?: readonly string[];
  refreshMarginMs?: number;
  authTimeoutMs?: number;
  now?: () => number;
  /**
   * Shares the token with the other processes of the deployment (`redisTokenCache` from
   * `graphql-jwt-auth-react/redis`): one `/v1/auth` call per renewal for the whole farm. Default:
   * none, each process holds its own token.
   */
  tokenCache?: TokenCache;
  /**
   * Keeps a promise alive after the answer went out: Workers' `ctx.waitUntil`, Next.js `after`, or any
   * function that holds a promise. Given, a token that fell due is served while it is valid and
   * renewed in the background after answering, so the next request does not wait for `/v1/auth`
   * where an idle isolate runs no timer. Default: none, a due token is renewed before answering.
   */
  waitUntil?: (promise: Promise<unknown>) => void;
  /**
   * Bodies that nest arrays and objects deeper than this are refused (400, `JSON_TOO_DEEP`) before
   * they are parsed: parsing deep nesting stalls the event loop. Default 64.
   */
  maxJsonDepth?: number;
  /**
   * Bodies that hold more values than this (the whole, and every element of an array and member of
   * an object, at any depth) are refused (400, `JSON_TOO_MANY_VALUES`) before they are parsed: a
   * megabyte of small values stalls the event loop as deep nesting does. Default 10 000.
   */
  maxJsonValues?: number;
  /**
   * Behind a reverse proxy that sets `X-Forwarded-Host` and `X-Forwarded-Proto`, true lets them name
   * this server's own origin for the Origin check. Default false: only the request URL and `Host`
   * do, since a client can send those headers itself when nothing in front of the server strips them.
   * `allowedOrigins` is the safe choice where you know the public origin.
   */
  trustForwardedHeaders?: boolean;
  /**
   * A `{"expired": T}` for the current token renews it only when the service really refuses T (one
   * `{ __typename }` request of the handler's own tells), or where that check gets no answer; the
   * token such a renewal brought is not renewed so again for this many ms. Default 30 000.
   */
  forcedRenewalIntervalMs?: number;
  /**
   * How long the service's GraphQL endpoint may take to answer a request the handler sends: the
   * proxy's forwarded operation (else 504 `UPSTREAM_TIMEOUT`), and the token handler's check of a
   * `{"expired": T}`, which waits at most 5 s whatever this allows (then counts as no answer).
   * Default 30 000.
   */
  upstreamTimeoutMs?: number;
  /**
   * A 400/401/403 from `/v1/auth` (a WAF, a gateway hiccup, a key rotated and back) is asked again
   * after `initialDelayMs`, doubling up to `maxDelayMs`, instead of failing for good. Defaults 5 s and 5 min.
   */
  recovery?: { initialDelayMs?: number; maxDelayMs?: number };
  /** Where the one-line changes of state go (ok, degraded, failing); default `console`. */
  logger?: ServerLogger;
  /**
   * Told each event of the handler's own client, as `client.onEvent` tells them: exchanges with
   * `/v1/auth`, operations sent upstream, with no key, token, variables or data. For an operator's log
   * or metrics.
   */
  onEvent?: (event: AuthEvent) => void;
}

/** A handler for one API key. */
export interface ServerHandlerOptions extends HandlerOptionsBase {
  /** The service's API key: stays on this server, sent only in the body of `/v1/auth` calls. */
  apiKey: string;
  /** A key of `regions`, or "auto" (or `autoRegion()`) to find the region that accepts the key. */
  region: string | AutoRegion;
  authorizeRequest: (request: Request) => boolean | Promise<boolean>;
  credentials?: undefined;
  tenantLabel?: undefined;
}

/** A handler for many keys: each request is served with the key its tenant resolves to. */
export interface TenantHandlerOptions extends HandlerOptionsBase {
  /** Which tenant's key serves this request, or null to refuse it (401): see CredentialsResolver. */
  credentials: CredentialsResolver;
  /**
   * How many tenants' sessions are held at once; past it, the least recently used is dropped (its
   * next request costs one `/v1/auth`, none while the shared cache holds its token). Default 1000.
   */
  maxSessions?: number;
  /**
   * A label for the request's tenant, recorded as `graphql_jwt_auth.tenant` on every span and metric
   * point of its session (the proxy's span, `/v1/auth` exchanges, the shared cache's calls, expired
   * answers and retries). Without it telemetry names no tenant: a label is an attribute, and each
   * value makes a metric series of its own, so give one from a set you bound (a plan, a cell, a
   * tenant id for a few hundred tenants), never the key, a user or anything the browser sends.
   * Called after the resolver answered; what throws or is no string records no label.
   */
  tenantLabel?: (request: Request) => string;
  apiKey?: undefined;
  region?: undefined;
}

/** The two levels the handlers log at: one line per change of state, never a key or a token. */
export interface ServerLogger {
  warn: (message: string) => void;
  error: (message: string) => void;
}

/** What a readiness probe reads: `handler.status()`. */
export interface HandlerStatus {
  /** ok: a token in hand; degraded: a token in hand but its renewal failed; failing: no token to serve. */
  state: 'ok' | 'degraded' | 'failing';
  /** When the state last changed, epoch ms. */
  since: number;
  /** The code callers are answered with while not ok (UPSTREAM_AUTH_REFUSED, UPSTREAM_AUTH_UNAVAILABLE), else null. */
  code: string | null;
  /** A proxy given `operations`: how many requests it refused with `OPERATION_NOT_ALLOWED` since it started. */
  refusedOperations?: number;
}

/** A fetch-standard handler: a Next.js route handler, Hono, Bun, Deno, or Node's http via an adapter. */
export interface ServerHandler {
  (request: Request): Promise<Response>;
  /**
   * Serves this handler in-process, trusted (no authorizeRequest, no origin check), for clients on
   * this server (a Server Component prefetching). Never expose it to the network.
   */
  fetchInProcess: typeof fetch;
  /** Stops the server-side client's background renewal. */
  dispose: () => void;
  /** Asks `/v1/auth` now (after a refused key was fixed, say); resolves once answered. */
  refresh: () => Promise<void>;
  /**
   * The handler's state as last seen: a handler nobody has used yet is `ok`, having asked nothing.
   * For a readiness probe before any traffic, `ready()`.
   */
  status: () => HandlerStatus;
  /**
   * A readiness probe's answer: obtains a token when none is held (one `/v1/auth` call at most, none
   * during the outage backoff), then the status. A wrong key or an unreachable service reads
   * `failing` before the first user meets it.
   */
  ready: () => Promise<HandlerStatus>;
}

/** A readiness probe's view of a handler for many keys: how many tenants' sessions are in each state. */
export interface PoolStatus {
  sessions: number;
  ok: number;
  degraded: number;
  failing: number;
  /** A proxy given `operations`: how many requests it refused with `OPERATION_NOT_ALLOWED` since it started, all tenants together. */
  refusedOperations?: number;
}

/** A handler for many keys: `status()` counts its tenants' sessions by state. */
export interface TenantServerHandler extends Omit<ServerHandler, 'status' | 'refresh' | 'ready'> {
  (request: Request): Promise<Response>;
  /** Asks `/v1/auth` now for every tenant held (after a refused key was fixed, say). */
  refresh: () => Promise<void>;
  /** Counts of the tenants' sessions by state. */
  status: {
    (): PoolStatus;
    /** One tenant's state, or null while no session is held for it. */
    (credentials: TenantCredentials): HandlerStatus | null;
  };
}

/** Every option's name, for the development warning about names the handlers do not know. */
export const SERVER_OPTION_NAMES: KnownOptions<ServerHandlerOptions & Pick<TenantHandlerOptions, 'credentials' | 'maxSessions' | 'tenantLabel'>> = {
  credentials: true,
  maxSessions: true,
  tenantLabel: true,
  apiKey: true,
  region: true,
  regions: true,
  fetch: true,
  authorizeRequest: true,
  allowedOrigins: true,
  refreshMarginMs: true,
  authTimeoutMs: true,
  now: true,
  tokenCache: true,
  waitUntil: true,
  maxJsonDepth: true,
  maxJsonValues: true,
  trustForwardedHeaders: true,
  forcedRenewalIntervalMs: true,
  upstreamTimeoutMs: true,
  recovery: true,
  logger: true,
  onEvent: true,
};

/** Programming errors fail at start-up, not on the first request. */
export function checkServerOptions(
  options: HandlerOptionsBase & { apiKey?: unknown; region?: unknown; credentials?: unknown; maxSessions?: unknown; tenantLabel?: unknown },
): void {
  const fixed = options.apiKey !== undefined || options.region !== undefined;
  if (options.credentials !== undefined) {
    if (typeof options.credentials !== 'function') {
      throw new AuthConfigError('credentials must be a function from the request to { apiKey, region } or null');
    }
    if (fixed) throw new AuthConfigError('Give either apiKey and region, or credentials: not both');
    if (options.authorizeRequest !== undefined && typeof options.authorizeRequest !== 'function') {
      throw new AuthConfigError('authorizeRequest must be a function of the request, or left out (credentials decides)');
    }
    checkPositiveInteger('maxSessions', options.maxSessions);
    if (options.tenantLabel !== undefined && typeof options.tenantLabel !== 'function') {
      throw new AuthConfigError('tenantLabel must be a function from the request to a label you bound, such as its tenant id');
    }
  } else {
    if (options.apiKey === undefined) throw new AuthConfigError('Give apiKey and region (one key), or credentials (a key per tenant)');
    if (typeof options.authorizeRequest !== 'function') {
      throw new AuthConfigError('authorizeRequest is required: the app decides which requests may use its key');
    }
    if (options.maxSessions !== undefined) throw new AuthConfigError('maxSessions applies to credentials, not to one apiKey');
    if (options.tenantLabel !== undefined) throw new AuthConfigError('tenantLabel applies to credentials, not to one apiKey');
  }
  if (options.waitUntil !== undefined && typeof options.waitUntil !== 'function') {
    throw new AuthConfigError('waitUntil must be a function that keeps a promise alive, such as (promise) => ctx.waitUntil(promise)');
  }
  checkPositiveInteger('maxJsonDepth', options.maxJsonDepth);
  checkPositiveInteger('maxJsonValues', options.maxJsonValues);
  checkPositiveInteger('forcedRenewalIntervalMs', options.forcedRenewalIntervalMs);
  checkPositiveInteger('upstreamTimeoutMs', options.upstreamTimeoutMs);
  checkPositiveInteger('recovery.initialDelayMs', options.recovery?.initialDelayMs);
  checkPositiveInteger('recovery.maxDelayMs', options.recovery?.maxDelayMs);
  // Read as unknown: JavaScript callers pass anything.
  const logger = options.logger as unknown;
  const hasMethod = (name: string) => typeof (logger as Record<string, unknown>)[name] === 'function';
  if (logger !== undefined && (typeof logger !== 'object' || logger === null || !hasMethod('warn') || !hasMethod('error'))) {
    throw new AuthConfigError('logger must have warn(message) and error(message), as console does');
  }
  if (options.onEvent !== undefined && typeof options.onEvent !== 'function') {
    throw new AuthConfigError('onEvent must be a function that takes an event, such as (event) => console.log(event)');
  }
  if (options.trustForwardedHeaders !== undefined && typeof options.trustForwardedHeaders !== 'boolean') {
    throw new AuthConfigError('trustForwardedHeaders must be true or false');
  }
  const { allowedOrigins = [] } = options;
  if (!Array.isArray(allowedOrigins) || allowedOrigins.some((origin) => typeof origin !== 'string')) {
    throw new AuthConfigError('allowedOrigins must be an array of origins such as "https://app.example.com"');
  }
  // Matched as the browser sends `Origin`: an entry written otherwise ("https://app.example.com/",
  // an upper-case host, "*") would never match, and the front end would be refused with no clue why.
  const unmatchable = (allowedOrigins as readonly string[]).find((origin) => !URL.canParse(origin) || new URL(origin).origin !== origin);
  if (unmatchable !== undefined) {
    throw new AuthConfigError(
      `allowedOrigins holds ${JSON.stringify(unmatchable)}, which no browser sends as its Origin: write scheme://host[:port], such as "https://app.example.com"`,
    );
  }
}

/** A limit option: absent, or a whole number of at least 1. */
export function checkPositiveInteger(name: string, value: unknown): void {
  if (value === undefined) return;
  // Number.isSafeInteger is false for anything that is not a number.
  if (!Number.isSafeInteger(value) || (value as number) < 1) {
    throw new AuthConfigError(`${name} must be a whole number of at least 1, got ${typeof value === 'number' ? String(value) : typeof value}`);
  }
}
