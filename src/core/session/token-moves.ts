import { renewalBackoffMs } from './auth-backoff.js';
import { dueAtOf, firedBeforeDue, type SharedSession } from './shared-session.js';
import type { TokenSession } from './token-session.js';

/**
 * The longest two connections overlap during a move when no event shows them in step (both delivered,
 * or the new one delivered what the old one did): a quiet subscription does not keep its old
 * connection, and its duplicates, for long. Not bounded by the held token's expiry as this process
 * counts it: a server acknowledges a connection before it listens for the operation, and the old
 * connection carries the events until the new one does (the server ends it when its token really ends).
 */
export const MAX_OVERLAP_MS = 5_000;

/** What a connection that outlives its token (a subscription, the proxy's relayed stream) tells its moves. */
export interface TokenMovesOptions<Prepared> {
  session: Pick<TokenSession, 'readySession'>;
  now: () => number;
  /** The client's (or handler's) refresh margin: a move starts when the session finds the token due. */
  marginMs: number;
  /** The token of the connection delivering now, or null when there is none. */
  held: () => SharedSession | null;
  /** True while no move may start: the work stopped, or a new connection is being made already. */
  busy: () => boolean;
  /** Tokens the service ended: never presented again. */
  endedTokens: ReadonlySet<string>;
  /** What a connection needs before it opens (the transport library), loaded once and then at hand. */
  prepare: () => Promise<Prepared>;
  /** Opens the new connection with the next token: the make of make-before-break. */
  open: (prepared: Prepared, next: SharedSession) => void;
}

export interface TokenMoves {
  /** Sets the move for when `held` falls due (the session's due time, a millisecond after). */
  schedule: (held: SharedSession) => void;
  /** A move failed: tried again after the renewal backoff, while the held token lasts. */
  retry: () => void;
  /** A new connection took over: the next failure starts the backoff afresh. */
  succeeded: () => void;
  cancel: () => void;
}

/**
 * When a long-lived connection moves to the session's next token, the one rule for the client's
 * subscriptions and the proxy's relayed streams: at the token's due time (the same margin as
 * requests) ask the session, which renews once for every caller, and open a connection with what it
 * gives. The same token back (the auth server failing while the token holds) is tried again after the
 * renewal backoff, but only while the held token lasts: past its expiry the service ends the
 * connection, and the caller's token-ended path takes over. A timer that fires a hair before the due
 * time waits for it rather than count as a failure.
 */
export function createTokenMoves<Prepared>(options: TokenMovesOptions<Prepared>): TokenMoves {
  const { session, now, marginMs, held, busy, endedTokens } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  const leaving = () => (busy() ? null : held());

  function schedule(from: SharedSession): void {
    clearTimeout(timer);
    timer = setTimeout(() => void move(), Math.max(0, dueAtOf(from, marginMs) - now()) + 1);
  }

  function retry(): void {
    failures += 1;
    const waitMs = renewalBackoffMs(failures);
    const current = held();
    if (current !== null && now() + waitMs < current.expiresAt) timer = setTimeout(() => void move(), waitMs);
  }

  async function move(): Promise<void> {
    if (leaving() === null) return;
    let prepared: Prepared;
    let next: SharedSession;
    try {
      prepared = await options.prepare();
      next = await session.readySession();
    } catch {
      retry();
      return;
    }
    const from = leaving();
    if (from === null) return;
    if (next.token === from.token && firedBeforeDue(from, marginMs, now())) {
      schedule(from);
      return;
    }
    if (next.token === from.token || endedTokens.has(next.token)) {
      retry();
      return;
    }
    options.open(prepared, next);
  }

  return {
    schedule,
    retry,
    succeeded: () => {
      failures = 0;
    },
    cancel: () => {
      clearTimeout(timer);
    },
  };
}
