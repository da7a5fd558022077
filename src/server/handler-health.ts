import { AuthNetworkError } from '../core/errors/index.js';
import type { AuthState } from '../core/session/auth-state.js';
import type { StoreApi } from 'zustand/vanilla';
import type { HandlerStatus, ServerLogger } from './options.js';
import { upstreamAuthFailure } from './upstream-client.js';

/** The state a readiness probe sees, read from the upstream client's store. */
function stateOf({ status, token, error }: AuthState): Omit<HandlerStatus, 'since'> {
  const code = error === null ? null : (upstreamAuthFailure(error)?.code ?? null);
  if (status === 'error') return { state: 'failing', code };
  if (token !== null && error !== null) return { state: 'degraded', code };
  return { state: 'ok', code: null };
}

const MAX_CAUSES = 4;

/** The messages down an error's causes (fetch's "fetch failed", then the socket's "connect ECONNREFUSED …"). */
function causes(error: unknown): string {
  const said: string[] = [];
  for (let at = error; at instanceof Error && said.length < MAX_CAUSES; at = at.cause) said.push(at.message);
  return said.join(': ') || String(error);
}

/**
 * What went wrong, in parentheses: the status `/v1/auth` answered, or the URL that could not be
 * reached and why. Never the key or a token: the key travels only in a request body, which no fetch
 * error repeats.
 */
function detail(error: AuthState['error']): string {
  if (error instanceof AuthNetworkError) return ` (could not reach ${error.url}: ${causes(error.cause)})`;
  return error !== null && 'status' in error && typeof error.status === 'number' ? ` (/v1/auth answered ${error.status})` : '';
}

/**
 * Why the state changed, in one line: status and code, and for a refused key the setting that holds
 * it (`whoseKey`), never the key or a token.
 */
function describe(next: Omit<HandlerStatus, 'since'>, error: AuthState['error'], whoseKey: () => string): string {
  const status = detail(error);
  const check = next.code === 'UPSTREAM_AUTH_REFUSED' ? `: the service refused ${whoseKey()}` : '';
  if (next.state === 'ok') return 'graphql-jwt-auth-react: upstream auth ok again';
  if (next.state === 'degraded') return `graphql-jwt-auth-react: upstream auth degraded, serving the token in hand: ${String(next.code)}${status}${check}`;
  return `graphql-jwt-auth-react: upstream auth failing, answering ${String(next.code)}${status}${check}; asking again with backoff`;
}

/**
 * Follows the upstream client's store and keeps the handler's status: ok, degraded or failing, since
 * when, with which code. Logs one line per change of state. A handler that has asked for nothing yet
 * is ok: there is nothing wrong to report.
 */
export function watchHealth(
  store: StoreApi<AuthState>,
  { logger, now, whoseKey }: { logger: ServerLogger; now: () => number; whoseKey: () => string },
): () => HandlerStatus {
  let current: HandlerStatus = { ...stateOf(store.getState()), since: now() };
  store.subscribe((state) => {
    if (state.status === 'authenticating') return; // a renewal under way changes nothing yet
    const next = stateOf(state);
    if (next.state === current.state && next.code === current.code) return;
    current = { ...next, since: now() };
    if (next.state === 'failing') logger.error(describe(next, state.error, whoseKey));
    else logger.warn(describe(next, state.error, whoseKey));
  });
  return () => current;
}
