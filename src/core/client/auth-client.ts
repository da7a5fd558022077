/**
 * client/: the room a request enters. `createAuthClient` reads and checks its options (config.ts,
 * options.ts), picks where tokens come from (an API key, the app's token endpoint, or the proxy
 * client of proxy-client.ts), and wires a token session to the request path (request-path.ts) and to
 * the background work that keeps it fresh (background.ts). It holds the public types (types.ts) and
 * the query keys. It may import every room below it: browser/ (only the opt-in features it is
 * handed), session/, sources/, wire/ and errors/; nothing below imports it.
 */
import { apiKeySource, oneRegion } from '../sources/api-key-source.js';
import { createBackground } from './background.js';
import { type ClientConfig, DEFAULT_AUTH_TIMEOUT_MS, DEFAULT_REFRESH_MARGIN_MS, readConfig } from './config.js';
import { AuthConfigError, type AuthNetworkError, type AuthServerError } from '../errors/index.js';
import { unusableConfig } from '../errors/error-message.js';
import { fingerprint } from '../sources/fingerprint.js';
import { createRequestPath } from './request-path.js';
import { outageWaitMs } from '../session/auth-backoff.js';
import { createAuthEvents, onSignedOut } from '../session/auth-events.js';
import { memorySessionStore } from '../session/session-store.js';
import { createTokenSession, NO_SESSION, type TokenSession } from '../session/token-session.js';
import type { RefusalRecovery } from '../session/refusal-recovery.js';
import type { TokenSource } from '../sources/token-source.js';
import type { Send } from '../wire/transport.js';
import type { ClientTelemetry } from '../wire/telemetry.js';
import type { AuthClientOptions } from './options.js';
import { type ReadOptions, readOptIns } from './opt-in-options.js';
import type { AuthClient, AuthIdentity } from './types.js';
import { globalFetch } from '../wire/global-fetch.js';

/** The default `authorize`: the token as a bearer credential. */
export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

export function tryReadConfig(options: ReadOptions): ClientConfig | AuthConfigError {
  try {
    return readConfig(options);
  } catch (error) {
    if (error instanceof AuthConfigError) return error;
    throw error;
  }
}

/** Who the client is, without the secret: the key (or the app's endpoint) and the endpoints, hashed. */
/** Who the client is: the key (or the endpoint it asks) and the URLs it may send a token to. */
function identityMaterial(options: ReadOptions, config: ClientConfig | null): string {
  const urls = (config?.candidates ?? []).flatMap(({ endpoints }) => [endpoints.authUrl, endpoints.graphqlUrl]);
  const mode = config?.mode;
  const who = mode === undefined || mode.kind === 'apiKey' ? [options.apiKey] : [mode.kind, mode.url];
  return [...who, ...urls].join('\n');
}

export function identityOf(options: ReadOptions, config: ClientConfig | null): AuthIdentity {
  const { region = '' } = options;
  return { region: typeof region === 'string' ? region : region.kind, id: fingerprint(identityMaterial(options, config)) };
}

function refusingSource(error: AuthConfigError): TokenSource {
  return { obtain: () => Promise.reject(error), toAuthError: () => error, settledIn: () => undefined };
}

export interface Ownership {
  /**
   * True for createAuthClient: its caller owns the client until dispose(). False for a client a
   * provider makes during render: it does background work only once retained by a committed effect.
   */
  selfOwned: boolean;
  /**
   * How GraphQL operations reach a region's endpoint: in an app, with graphql-request's ClientError
   * for a failed answer (create-auth-client.ts); on a server, without graphql-request, or forwarding raw.
   * Given rather than imported, so each entry carries only its own.
   */
  transport: (graphqlUrl: string, fetchImpl: typeof fetch) => Send;
  /**
   * The full message of a refused option (option-messages.ts): given in development and by the
   * server entries; a production app's client keeps the short `invalid option (CODE)`.
   */
  explain?: ((error: AuthConfigError) => AuthConfigError) | undefined;
  /** OpenTelemetry spans and counters: given by the server entries, so browser bundles do not carry them. */
  telemetry?: ClientTelemetry;
  /**
   * Wraps the key's token source, e.g. in one shared with other processes through a token cache
   * (server handlers). Passed in rather than imported, so browser bundles do not carry it.
   */
  shareSource?: (
    source: TokenSource,
    context: {
      /** The key and the URLs, for the cache to hash (in full: two keys must never share an entry). */
      identityMaterial: string;
      now: () => number;
      marginMs: number;
      acceptsRegion: (region: string) => boolean;
      outageWaitMs: (failures: number, error: AuthServerError | AuthNetworkError) => number;
    },
  ) => TokenSource;
  /** Renews a due token after answering instead of before (server handlers given `waitUntil`). */
  waitUntil?: ((promise: Promise<unknown>) => void) | undefined;
  /** A refused key is asked again after a backoff instead of for good (server handlers), by the client's clock. */
  refusalRecovery?: (now: () => number) => RefusalRecovery;
  /** Asked when the renewal timer fires: false skips that renewal (a server's idle tenant). */
  renewsWhenDue?: (() => boolean) | undefined;
}

/** A client and its session, for the server handlers that renew by token. */
export interface ClientParts {
  client: AuthClient;
  session: TokenSession;
  /** Where a region's tokens are sent: a token handler tells its browsers. */
  graphqlUrlOf: (region: string) => string | undefined;
}

/** Wires the session, the request path and the background work for one identity. */
export function buildAuthClient(
  given: AuthClientOptions,
  { selfOwned, transport, explain, telemetry, shareSource, waitUntil, refusalRecovery, renewsWhenDue }: Ownership,
): ClientParts {
  const { options, error: optInError } = readOptIns(given);
  const now = options.now ?? Date.now;
  const fetchImpl = options.fetch ?? globalFetch;
  const read = optInError ?? tryReadConfig(options);
  const configError = read instanceof AuthConfigError ? (explain?.(read) ?? read) : null;
  const config = read instanceof AuthConfigError ? null : read;
  const candidates = config?.candidates ?? [];
  const identity = identityOf(options, config);
  const candidateFor = (region: string) => candidates.find((candidate) => candidate.region === region);
  /** Token-endpoint mode without regions: where the endpoint said each region's tokens go. */
  const learnedUrls = new Map<string, string>();
  const graphqlUrlOf = (region: string) => candidateFor(region)?.endpoints.graphqlUrl ?? learnedUrls.get(region);
  // A token from storage or another tab is taken only where this client knows where to send it.
  const acceptsRegion = (region: string) => graphqlUrlOf(region) !== undefined;

  const initial = { status: configError ? 'error' : 'idle', ...NO_SESSION, error: configError } as const;
  const { store, hydrated, isHydrated, flush } =
    options.persist?.open(initial, { id: identity.id, now, acceptsRegion, canWrite: () => background.isOwned() }) ?? memorySessionStore(initial);

  const events = createAuthEvents(now);

  const authTimeoutMs = config?.authTimeoutMs ?? DEFAULT_AUTH_TIMEOUT_MS;
  const marginMs = config?.marginMs ?? DEFAULT_REFRESH_MARGIN_MS;
  let source: TokenSource;
  const mode = config?.mode;
  if (mode?.kind === 'apiKey') {
    const [only] = candidates;
    const chooser = mode.discovery?.chooser(candidates, identity.id) ?? oneRegion(only!); // eslint-disable-line @typescript-eslint/no-non-null-assertion -- config gives one candidate without discovery
    source = apiKeySource({ apiKey: mode.apiKey, chooser, authTimeoutMs, fetch: fetchImpl, telemetry });
    if (shareSource !== undefined)
      source = shareSource(source, { identityMaterial: identityMaterial(options, config), now, marginMs, acceptsRegion, outageWaitMs });
  } else if (mode?.kind === 'tokenEndpoint') {
    source = mode.source({
      fetch: fetchImpl,
      timeoutMs: authTimeoutMs,
      configuredUrlOf: candidates.length === 0 ? null : (region) => candidateFor(region)?.endpoints.graphqlUrl,
      learn: (region, graphqlUrl) => learnedUrls.set(region, graphqlUrl),
    });
  } else {
    source = refusingSource(configError ?? unusableConfig('GJA_PROXY_NO_TOKEN'));
  }

  const session = createTokenSession({
    store,
    source,
    now,
    marginMs,
    configError,
    hydration: { hydrated, isHydrated },
    mayRenewInBackground: () => background.isOwned(),
    coordinate: (task) => background.coordinate(task),
    onObtained: (shared) => {
      background.publishSession(shared);
    },
    onUse: () => {
      background.touch();
    },
    waitUntil,
    recovery: refusalRecovery?.(now),
    renewsWhenDue,
    events,
  });

  const signOutHere = (where: 'here' | 'elsewhere') => {
    session.signOut();
    events.emit({ type: 'signed-out', where });
  };

  const background = createBackground({
    store,
    session,
    identityId: identity.id,
    tabSync: options.tabSync,
    devtools: options.devtools,
    wake: config?.wake,
    acceptsRegion,
    now,
    renewalMs: authTimeoutMs,
    selfOwned,
    inert: configError !== null,
    onSignedOutElsewhere: () => {
      signOutHere('elsewhere');
    },
    events,
    flushStorage: flush,
  });

  /** By URL, not region: a token endpoint may move a region to another upstream. */
  const transports = new Map<string, Send>();
  function sendTo(region: string): Send {
    const graphqlUrl = graphqlUrlOf(region);
    if (configError) return () => Promise.reject(configError);
    if (graphqlUrl === undefined) return () => Promise.reject(unusableConfig('GJA_UNKNOWN_REGION', region));
    let send = transports.get(graphqlUrl);
    if (send === undefined) transports.set(graphqlUrl, (send = transport(graphqlUrl, fetchImpl)));
    return send;
  }

  const authorize = options.authorize ?? bearer;
  const client: AuthClient = {
    request: createRequestPath({ session, sendTo, authorize, events, now, telemetry }),
    subscribe: options.subscriptions?.open(session, events, graphqlUrlOf, authorize, fetchImpl, now, marginMs, config?.wake),
    getToken: () => session.readySession().then(({ token }) => token),
    refresh: () => session.refresh().then(({ token }) => token),
    store,
    identity,
    signOut() {
      background.touch();
      signOutHere('here');
      background.publishSignOut();
    },
    onSignOut: (listener) => onSignedOut(events, listener),
    onEvent: events.on,
    retain: background.retain,
    dispose: background.dispose,
  };
  return { client, session, graphqlUrlOf };
}
