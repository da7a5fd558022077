import { AuthError, UnexpectedRedirectError } from '../core/errors/index.js';
import type { ClientParts } from '../core/client/auth-client.js';
import { decodeJwtClaims } from '../core/sources/token-expiry.js';

/** The cheapest question any GraphQL service answers: whether the token is still accepted. */
const TOKEN_CHECK = 'query TokenCheck { __typename }';

export const DEFAULT_FORCED_RENEWAL_INTERVAL_MS = 30_000;

/** The issuer's `exp` of a token, to tell which of two tokens it issued later; null when unreadable. */
function expiryClaimOf(token: string): number | null {
  const exp = decodeJwtClaims(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
}

/**
 * Whether a browser's refused token was issued no earlier than the token held: then a revocation
 * that reached it reached the held one too (another process renewed on its own, and a load
 * balancer moved the browser here). A claim that is no readable token costs nothing.
 */
function notOlderThan(claimed: string, held: string): boolean {
  const claimedExp = expiryClaimOf(claimed);
  const heldExp = expiryClaimOf(held);
  return claimedExp !== null && (heldExp === null || claimedExp >= heldExp);
}

/**
 * How much later than the time between them two tokens' `exp` may read: the issuer's own nodes'
 * clocks, and a lifetime it lengthened since.
 */
export const ISSUER_LEEWAY_S = 60;

/**
 * Whether any process could hold `claimed` now: the issuer cannot have issued a token expiring later
 * than one issued now, whose `exp` is the held token's moved on by the time since it was obtained
 * (as read by both: the issuer's clock cancels out). A claimed `exp` past that (a forged unsigned
 * JWT expiring in 2100) names a token no tab can hold: the claim costs nothing.
 */
function issuableNow(claimed: string, held: string, heldReceivedAt: number | null, now: number): boolean {
  const claimedExp = expiryClaimOf(claimed);
  const heldExp = expiryClaimOf(held);
  if (claimedExp === null || heldExp === null || heldReceivedAt === null) return true;
  return claimedExp <= heldExp + Math.max(0, now - heldReceivedAt) / 1000 + ISSUER_LEEWAY_S;
}

/**
 * How long a check's verdict answers further claims of the token it judged. Bounded, since a verdict
 * taken before a revocation answers its claims with the token the service now refuses (the browser
 * retries later); without it every claim cost a check, one user's loop 150 a second, sent with the
 * key's token that every user of the key shares.
 */
export const TOKEN_VERDICT_MS = 1_000;

/**
 * The longest a check may take, whatever `upstreamTimeoutMs` allows: the browsers that claim wait on
 * it, and a service that answers anything answers `{ __typename }` in milliseconds.
 */
export const MAX_TOKEN_CHECK_MS = 5_000;

export interface ForcedRenewalOptions {
  intervalMs: number;
  /** How long the check may take before it counts as no answer. */
  timeoutMs: number;
  now: () => number;
}

/**
 * What a browser's `{"expired": T}` may cost. Only the current token is worth a look, and only the
 * service can say whether it refuses it: one request of the handler's own asks (shared by all who
 * claim meanwhile), and its verdict holds for that token for `TOKEN_VERDICT_MS`, however many claim
 * it; a new token is checked anew. On the expired answer the request path renews and retries as for
 * any request; an accepted token stays. When the check gets no answer within `timeoutMs` (or a
 * redirect, no verdict either), the token is renewed in service; a token that renewal obtained itself
 * is not renewed so again within `intervalMs`: so any number of claims costs at most one check per
 * token per `TOKEN_VERDICT_MS`, and one `/v1/auth` call of this process's per interval beside one
 * per token the service's own answers brought, every claim is answered within the bound, and
 * everyone else keeps the token meanwhile.
 *
 * The interval belongs to the token the renewal brought, not to the process: a claimed token that
 * came otherwise (on a real expired answer, or another process's from the shared cache, a forced
 * renewal's too, which asked the service nothing) was never issued after the doubt the claim
 * raises, and answering it unchecked hands the browser back the very token it says is refused
 * (a farm under load whose checks ran out their bound did, 18 browsers failing).
 */
export function forcedRenewals({ client, session }: ClientParts, { intervalMs, timeoutMs, now }: ForcedRenewalOptions) {
  let checking: { token: string; done: Promise<void> } | null = null;
  /** The last check's end, for the token it checked while that token is still held. */
  let verdict: { token: string; at: number } | null = null;
  /**
   * When the last renewal in service that brought this process a token of its own asking started,
   * and that token. (One that failed needs no record: the outage backoff answers the next at once.)
   */
  let forced: { token: string; at: number } | null = null;

  async function ask(): Promise<void> {
    // Not AbortSignal.timeout(): its timer would stay pending for the whole bound after every check.
    const bound = new AbortController();
    const timer = setTimeout(() => {
      bound.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError'));
    }, timeoutMs);
    try {
      await client.request(TOKEN_CHECK, undefined, { signal: bound.signal });
    } finally {
      clearTimeout(timer);
    }
  }

  async function check(token: string): Promise<void> {
    try {
      await ask();
    } catch (error) {
      // A failed renewal after a real expired answer is the callers' answer already (in the store).
      if (error instanceof AuthError && !(error instanceof UnexpectedRedirectError)) return;
      if (forced?.token === token && now() - forced.at < intervalMs) return;
      const startedAt = now();
      await session.replaceInService(token).catch(() => undefined);
      const held = client.store.getState().token;
      // Another process's token, taken from the shared cache, cost this one nothing.
      if (held !== null && session.obtainedFirstHand(held)) forced = { token: held, at: startedAt };
    } finally {
      // Whatever the outcome, the token still held was looked at just now: an accepted one, or one
      // kept in service through an outage, is not asked about again within the verdict's time.
      if (client.store.getState().token === token) verdict = { token, at: now() };
    }
  }

  /** Checks `held`, joining a check of it already under way. */
  function checkOnce(held: string): Promise<void> {
    if (checking?.token !== held) {
      const done = check(held).finally(() => {
        if (checking?.done === done) checking = null;
      });
      checking = { token: held, done };
    }
    return checking.done;
  }

  /**
   * Settles a claim. Claims made while a check runs share it, and a verdict answers the claims of
   * its token for `TOKEN_VERDICT_MS`: such a claim is told when the verdict lapses (`recheckInMs`),
   * since a revocation since the check would otherwise fail the claimer's request for the rest of it
   * (a farm's browser whose claim came 300 ms after a check and just after a revoke did).
   */
  return async function claimExpired(token: string): Promise<ClaimSettled> {
    const { token: held, receivedAt } = client.store.getState();
    if (held === null) return CHECKED; // the answer is a renewal anyway
    // For an older token, or one never issued, the held one answers unchecked. A newer (or the
    // held) token refused says the held one may be refused too: checked first.
    if (held !== token && !(notOlderThan(token, held) && issuableNow(token, held, receivedAt, now()))) return HANDED_OVER;
    const verdictAgeMs = verdict?.token === held ? now() - verdict.at : Infinity;
    if (verdictAgeMs < TOKEN_VERDICT_MS) return { handedOver: false, recheckInMs: Math.max(1, Math.ceil(TOKEN_VERDICT_MS - verdictAgeMs)) };
    await checkOnce(held);
    return CHECKED;
  };
}

/** How a claim was settled, for the answer to the claimer. */
export interface ClaimSettled {
  /**
   * The token answered goes unchecked for this claim (the claim named an older token, or one no
   * process could hold), so the claimer may claim that one in turn.
   */
  handedOver: boolean;
  /** The claim was answered by a verdict on the held token: it is checked anew after this long. */
  recheckInMs?: number;
}
const CHECKED: ClaimSettled = { handedOver: false };
const HANDED_OVER: ClaimSettled = { handedOver: true };
