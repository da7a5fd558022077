/** A token with what another tab needs to use it: all times are epoch ms by this machine's clock. */
export interface SharedSession {
  token: string;
  expiresAt: number;
  receivedAt: number;
  region: string;
}

/** When a token falls due: `marginMs` before its expiry, at most half its life (the session's rule, for what must move before it). */
export const dueAtOf = ({ expiresAt, receivedAt }: SharedSession, marginMs: number): number => expiresAt - Math.min(marginMs, (expiresAt - receivedAt) / 2);
