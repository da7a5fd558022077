import type { StoreApi } from 'zustand/vanilla';
import type { AuthState } from '../session/auth-state.js';

/** The part of the Redux DevTools extension's API used here (zustand's devtools middleware uses the same). */
interface DevtoolsExtension {
  connect: (options: { name: string }) => {
    init: (state: unknown) => void;
    send: (action: { type: string }, state: unknown) => void;
    unsubscribe?: () => void;
  };
}

/** The name the client's state has in Redux DevTools. */
export const DEVTOOLS_NAME = 'graphql-jwt-auth';

/** What Redux DevTools shows: the state, minus the token, with errors as plain name and message. */
export interface DevtoolsAuthView {
  status: AuthState['status'];
  token: '[redacted]' | null;
  expiresAt: string | null;
  error: { name: string; message: string } | null;
}

function view({ status, token, expiresAt, error }: AuthState): DevtoolsAuthView {
  return {
    status,
    // A bearer credential: DevTools keeps history and exports it into bug reports.
    token: token === null ? null : '[redacted]',
    expiresAt: expiresAt === null ? null : new Date(expiresAt).toISOString(),
    error: error === null ? null : { name: error.name, message: error.message },
  };
}

// Bundlers replace `process.env.NODE_ENV`; without one, `process` may not exist at all.
function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV === 'development';
  } catch {
    return false;
  }
}

/** The DevTools bridge as a client option, from `authDevtools()`. */
export interface DevtoolsOption {
  connect: (store: StoreApi<AuthState>) => () => void;
}

/**
 * In development, with the Redux DevTools extension present, shows the client's state under
 * DEVTOOLS_NAME. Talks to the extension directly rather than through zustand's devtools middleware,
 * which would add 3 kB gzipped to every production bundle for a development-only view; and the view
 * is one-way, so time travel there cannot plant a state (or a redacted token) in the client.
 * Returns the disconnect function; a no-op anywhere else.
 */
function connectDevtools(store: StoreApi<AuthState>): () => void {
  const extension = (globalThis as { __REDUX_DEVTOOLS_EXTENSION__?: DevtoolsExtension }).__REDUX_DEVTOOLS_EXTENSION__;
  if (!isDevelopment() || extension === undefined) return () => undefined;
  const connection = extension.connect({ name: DEVTOOLS_NAME });
  connection.init(view(store.getState()));
  const unsubscribe = store.subscribe((state) => {
    connection.send({ type: `auth/${state.status}` }, view(state));
  });
  return () => {
    unsubscribe();
    connection.unsubscribe?.();
  };
}

/**
 * Shows the client's state (token redacted) in Redux DevTools, in development only. Pass it as the
 * client's `devtools` option; production bundles that do not import it do not carry it.
 */
export function authDevtools(): DevtoolsOption {
  return { connect: connectDevtools };
}
