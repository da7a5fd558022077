import { apiKeySource } from './api-key-source.js';
import { createBackground } from './background.js';
import { type ClientConfig, DEFAULT_REFRESH_MARGIN_MS, readConfig } from './config.js';
import { AuthConfigError } from './errors/index.js';
import { fingerprint } from './fingerprint.js';
import { createSessionStore } from './persistence.js';
import { createRequestPath } from './request-path.js';
import { createTokenSession, NO_SESSION } from './token-session.js';
import type { TokenSource } from './token-source.js';
import { createTransport, type Send } from './transport.js';
import type { AuthClient, AuthClientOptions } from './types.js';

const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

function tryReadConfig(options: AuthClientOptions): ClientConfig | AuthConfigError {
  try {
    return readConfig(options);
  } catch (error) {
    if (error instanceof AuthConfigError) return error;
    throw error;
  }
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
}

/** Wires the session, the request path and the background work for one identity. */
export function createOwnedAuthClient(options: AuthClientOptions, { selfOwned }: Ownership): AuthClient {
  const now = options.now ?? Date.now;
  // Looked up per call, so a fetch patched after import (MSW, tests) is the one used.
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const read = tryReadConfig(options);
  const configError = read instanceof AuthConfigError ? read : null;
  const config = read instanceof AuthConfigError ? null : read;
  const candidates = config?.candidates ?? [];
  const urls = candidates.flatMap(({ endpoints }) => [endpoints.authUrl, endpoints.graphqlUrl]);
  const identity = { region: options.region, id: fingerprint([options.apiKey, ...urls].join('\n')) };
  const candidateFor = (region: string) => candidates.find((candidate) => candidate.region === region);
  const acceptsRegion = (region: string) => candidateFor(region) !== undefined;

  const { store, hydrated, isHydrated, flush } = createSessionStore(
    { status: configError ? 'error' : 'idle', ...NO_SESSION, error: configError },
    options.persist === true ? {} : options.persist || undefined,
    { id: identity.id, now, acceptsRegion, canWrite: () => background.isOwned() },
  );

  const session = createTokenSession({
    store,
    // With bad options the session refuses every exchange before reaching its source.
    source: config ? apiKeySource(config, fetchImpl, identity.id) : refusingSource(read as AuthConfigError),
    now,
    marginMs: config?.marginMs ?? DEFAULT_REFRESH_MARGIN_MS,
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
  });

  const signOutListeners = new Set<() => void>();
  const signOutHere = () => {
    session.signOut();
    for (const listener of signOutListeners) listener();
  };

  const background = createBackground({
    store,
    session,
    identityId: identity.id,
    tabSync: options.tabSync,
    renewOnWake: options.renewOnWake !== false,
    acceptsRegion,
    now,
    selfOwned,
    inert: configError !== null,
    onSignedOutElsewhere: signOutHere,
    flushStorage: flush,
  });

  const transports = new Map<string, Send>();
  function sendTo(region: string): Send {
    const candidate = candidateFor(region);
    if (configError) return () => Promise.reject(configError);
    if (candidate === undefined) return () => Promise.reject(new AuthConfigError(`Unknown region "${region}"`));
    let send = transports.get(region);
    if (send === undefined) transports.set(region, (send = createTransport(candidate.endpoints.graphqlUrl, fetchImpl)));
    return send;
  }

  return {
    request: createRequestPath({ session, sendTo, authorize: options.authorize ?? bearer }),
    getToken: () => session.readySession().then(({ token }) => token),
    refresh: () => session.refresh().then(({ token }) => token),
    store,
    identity,
    signOut() {
      background.touch();
      signOutHere();
      background.publishSignOut();
    },
    onSignOut(listener) {
      signOutListeners.add(listener);
      return () => {
        signOutListeners.delete(listener);
      };
    },
    retain: background.retain,
    dispose: background.dispose,
  };
}

/**
 * A client for one identity (API key and region). Its caller owns it: background renewal, tab
 * sync and wake listeners start on first use and run until dispose().
 */
export function createAuthClient(options: AuthClientOptions): AuthClient {
  return createOwnedAuthClient(options, { selfOwned: true });
}
