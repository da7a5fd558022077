import { AuthError } from '../core/errors/index.js';
import type { ClientParts } from '../core/client/auth-client.js';

/** The cheapest question any GraphQL service answers: whether the token is still accepted. */
const TOKEN_CHECK = 'query TokenCheck { __typename }';

export const DEFAULT_FORCED_RENEWAL_INTERVAL_MS = 30_000;

/**
 * What a browser's `{"expired": T}` may cost. Only the current token is worth a look, and only the
 * service can say whether it refuses it: one request of the handler's own asks (shared by all who
 * claim the same token meanwhile, and its verdict kept for `intervalMs`). On the expired answer the
 * request path renews and retries as for any request; an accepted token stays. When the check gets
 * no answer, the token is renewed in service, at most once per `intervalMs`: so any number of
 * claims costs at most one `/v1/auth` call per interval, and everyone else keeps the token meanwhile.
 */
export function forcedRenewals({ client, session }: ClientParts, { intervalMs, now }: { intervalMs: number; now: () => number }) {
  let checked: { token: string; at: number } | null = null;
  let checking: { token: string; done: Promise<void> } | null = null;
  let lastForcedAt = Number.NEGATIVE_INFINITY;

  async function check(token: string): Promise<void> {
    try {
      await client.request(TOKEN_CHECK);
    } catch (error) {
      // A failed renewal after a real expired answer is the callers' answer already (in the store).
      if (error instanceof AuthError) return;
      if (now() - lastForcedAt < intervalMs) return;
      lastForcedAt = now();
      await session.replaceInService(token).catch(() => undefined);
    } finally {
      checked = { token, at: now() };
    }
  }

  return async function claimExpired(token: string): Promise<void> {
    if (client.store.getState().token !== token) return; // an older token: the current one answers
    if (checked?.token === token && now() - checked.at < intervalMs) return;
    if (checking?.token !== token) {
      const done = check(token).finally(() => {
        if (checking?.done === done) checking = null;
      });
      checking = { token, done };
    }
    await checking.done;
  };
}
