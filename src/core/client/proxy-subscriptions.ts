import type { SharedSession } from '../session/shared-session.js';
import type { TokenSession } from '../session/token-session.js';

/** The region a subscription through the proxy names: the proxy picks the service's own. */
const PROXY_REGION = 'graphqlProxy';
/** The longest a timer waits (2^31 - 1 ms, about 24.8 days): a longer one would fire at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 2;

/**
 * What `client.subscribe` is given in graphqlProxy mode in place of a token session: no token here
 * (the proxy holds it, and moves its own upstream stream to each new one), so the browser's stream
 * has nothing to renew and never falls due. The empty token sends no header (see `authorize`). A
 * stream the proxy refuses (401/403) ends the subscription once: the token it was told to drop is the
 * only one this session has.
 */
export function proxySubscriptionSession(now: () => number): TokenSession {
  const held = (): SharedSession => {
    const receivedAt = now();
    return { token: '', region: PROXY_REGION, receivedAt, expiresAt: receivedAt + LONGEST_TIMER_MS };
  };
  const session: Pick<TokenSession, 'readySession' | 'heldSession' | 'dropToken' | 'obtainedFirstHand'> = {
    readySession: () => Promise.resolve(held()),
    heldSession: held,
    dropToken: () => undefined,
    obtainedFirstHand: () => true,
  };
  // Only the members a subscription uses: the rest of a token session has no meaning without a token.
  return session as TokenSession;
}

/** No header: the proxy's cookies name the user, and the proxy adds its own token upstream. */
export const noAuthorization = (): Record<string, string> => ({});
