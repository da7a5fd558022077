import type { SharedSession } from '../session/shared-session.js';
import { readTokenExpiry } from '../sources/token-expiry.js';
import { isUsableToken } from '../sources/usable-token.js';

/**
 * A session this client did not obtain itself (another tab's message, a stored entry), checked as
 * strictly as a `/v1/auth` answer: a header-safe token, received in the past, still valid at `now`,
 * and expiring no later than its own claims allow counted from when it was received (the time it
 * was asked for lies earlier still). Null when any of that fails: such a session is not taken.
 */
export function readReceivedSession(value: unknown, now: number): SharedSession | null {
  if (typeof value !== 'object' || value === null) return null;
  const { token, expiresAt, receivedAt, region, scope } = value as Partial<Record<keyof SharedSession, unknown>>;
  if (!isUsableToken(token) || typeof region !== 'string') return null;
  if (typeof expiresAt !== 'number' || typeof receivedAt !== 'number') return null;
  if (!(receivedAt <= now) || !(expiresAt > now)) return null;
  if (expiresAt > readTokenExpiry(token, receivedAt).expiresAt) return null;
  // A tenant-aware token endpoint's tag travels with its token; any other value is no session.
  if (scope === undefined) return { token, expiresAt, receivedAt, region };
  return typeof scope === 'string' && scope !== '' && scope.length <= 64 ? { token, expiresAt, receivedAt, region, scope } : null;
}
