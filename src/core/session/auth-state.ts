import type { AuthError } from '../errors/index.js';

/** What the client's store holds: the token's life as React and DevTools see it. */
export interface AuthState {
  /**
   * `idle`: no token asked for yet (or one dropped, none asked for since); `signedOut`: after
   * signOut(), here or in another tab, until refresh(); `error`: the last exchange failed for good.
   */
  status: 'idle' | 'authenticating' | 'authenticated' | 'signedOut' | 'error';
  token: string | null;
  /** Epoch ms by the client's clock, corrected for the issuer's clock when the JWT has `iat`. */
  expiresAt: number | null;
  /** When this client (or the tab that shared it) received the token, epoch ms by our clock. */
  receivedAt: number | null;
  /** The region the token was issued by, and the only one it is sent to. */
  region: string | null;
  /** Whose data the token reaches, when a tenant-aware token endpoint said (see SharedSession). */
  scope?: string | undefined;
  error: AuthError | null;
}
