/** A token with what another tab needs to use it: all times are epoch ms by this machine's clock. */
export interface SharedSession {
  token: string;
  expiresAt: number;
  receivedAt: number;
  region: string;
  /**
   * Whose data the token reaches, when a tenant-aware token endpoint said (its `scope`): a tag, never
   * a key. A client takes no other tab's or storage's token of another scope than its own, and a
   * renewal that brings another one tells `tenant-changed`.
   */
  scope?: string | undefined;
}

/** When a token falls due: `marginMs` before its expiry, at most half its life (the session's rule, for what must move before it). */
export const dueAtOf = ({ expiresAt, receivedAt }: SharedSession, marginMs: number): number => expiresAt - Math.min(marginMs, (expiresAt - receivedAt) / 2);

/**
 * Whether a move's timer, set for `session`'s due time, fired before it by the clock the session
 * reads (a timer may run a little ahead of that clock; a fractional due time is one case). Such a move
 * waits for the due time again: the session hands back the same token then, and taking that for a
 * failed renewal would back off past the expiry of a short-lived token.
 */
export const firedBeforeDue = (session: SharedSession, marginMs: number, now: number): boolean => now < dueAtOf(session, marginMs);
