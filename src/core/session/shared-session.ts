/** A token with what another tab needs to use it: all times are epoch ms by this machine's clock. */
export interface SharedSession {
  token: string;
  expiresAt: number;
  receivedAt: number;
  region: string;
}
