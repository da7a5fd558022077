import { devtools } from 'zustand/middleware';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AuthState } from './types.js';

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

/**
 * In development, with the Redux DevTools extension present, shows the client's state under
 * DEVTOOLS_NAME. DevTools drives a read-only mirror: time travel there cannot plant a state (or a
 * redacted token) in the client. Returns the disconnect function; a no-op anywhere else.
 */
export function connectDevtools(store: StoreApi<AuthState>): () => void {
  if (!isDevelopment() || (globalThis as { __REDUX_DEVTOOLS_EXTENSION__?: unknown }).__REDUX_DEVTOOLS_EXTENSION__ === undefined) {
    return () => undefined;
  }
  const mirror = createStore<DevtoolsAuthView>()(devtools(() => view(store.getState()), { name: DEVTOOLS_NAME }));
  const unsubscribe = store.subscribe((state) => {
    mirror.setState(view(state), true, 'auth');
  });
  return () => {
    unsubscribe();
    mirror.devtools.cleanup();
  };
}
