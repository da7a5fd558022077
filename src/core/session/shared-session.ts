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
