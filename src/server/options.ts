import { AuthConfigError } from '../core/errors/index.js';
import type { AutoRegion } from '../core/sources/region-discovery.js';
import type { Regions } from '../core/sources/regions.js';
import type { TokenCache } from '../core/sources/token-cache.js';

export interface ServerHandlerOptions {
  /** The service's API key: stays on this server, sent only in the body of `/v1/auth` calls. */
  apiKey: string;
  /** A key of `regions`, or "auto" (or `autoRegion()`) to find the region that accepts the key. */
  region: string | AutoRegion;
  regions?: Regions;
  /** Reaches the service; default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /**
   * The app's own check of its user (a session cookie, say). Required: there is no default that
   * lets everyone in. False refuses with 401.
   */
  authorizeRequest: (request: Request) => boolean | Promise<boolean>;
  /** Origins besides the request's own that may call (a separate front-end origin). */
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
   * Behind a reverse proxy that sets `X-Forwarded-Host` and `X-Forwarded-Proto`, true lets them name
   * this server's own origin for the Origin check. Default false: only the request URL and `Host`
   * do, since a client can send those headers itself when nothing in front of the server strips them.
   * `allowedOrigins` is the safe choice where you know the public origin.
   */
  trustForwardedHeaders?: boolean;
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
}

/** Programming errors fail at start-up, not on the first request. */
export function checkServerOptions(options: ServerHandlerOptions): void {
  if (typeof options.authorizeRequest !== 'function') {
    throw new AuthConfigError('authorizeRequest is required: the app decides which requests may use its key');
  }
  if (options.waitUntil !== undefined && typeof options.waitUntil !== 'function') {
    throw new AuthConfigError('waitUntil must be a function that keeps a promise alive, such as (promise) => ctx.waitUntil(promise)');
  }
  checkPositiveInteger('maxJsonDepth', options.maxJsonDepth);
  if (options.trustForwardedHeaders !== undefined && typeof options.trustForwardedHeaders !== 'boolean') {
    throw new AuthConfigError('trustForwardedHeaders must be true or false');
  }
  const { allowedOrigins = [] } = options;
  if (!Array.isArray(allowedOrigins) || allowedOrigins.some((origin) => typeof origin !== 'string')) {
    throw new AuthConfigError('allowedOrigins must be an array of origins such as "https://app.example.com"');
  }
}

/** A limit option: absent, or a whole number of at least 1. */
export function checkPositiveInteger(name: string, value: unknown): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new AuthConfigError(`${name} must be a whole number of at least 1, got ${typeof value === 'number' ? String(value) : typeof value}`);
  }
}
