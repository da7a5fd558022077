import { warnUnknownOptions } from '../core/client/unknown-options.js';
import {
  DEFAULT_UPSTREAM_TIMEOUT_MS,
  SERVER_OPTION_NAMES,
  type ServerHandler,
  type ServerHandlerOptions,
  type TenantHandlerOptions,
  type TenantServerHandler,
} from './options.js';
import { handlerShell } from './handler-shell.js';
import { jsonResponse, jsonTextResponse } from './responses.js';
import { DEFAULT_FORCED_RENEWAL_INTERVAL_MS, type ForcedRenewalOptions, forcedRenewals, MAX_TOKEN_CHECK_MS } from './forced-renewal.js';
import type { ClientParts } from '../core/client/auth-client.js';
import type { Answer } from './upstream-session.js';
import { upstreamAuthFailure } from './upstream-client.js';
import { fingerprint } from '../core/sources/fingerprint.js';

/** A token request is `{}` or `{ "expired": "<token>" }`: a few hundred bytes. */
const MAX_TOKEN_REQUEST_BYTES = 16 * 1024;

/**
 * The token-mediating backend: the API key stays here, browsers get short-lived JWTs.
 * `POST {}` answers the current token (renewed first when due); `POST {"expired": T}` renews only
 * when the service really refuses T, the current token (see forced-renewal.ts): however many browsers
 * report it, the service is asked once, and a report of a valid or an old token costs no `/v1/auth` call.
 */
export function createTokenHandler(options: TenantHandlerOptions): TenantServerHandler;
export function createTokenHandler(options: ServerHandlerOptions): ServerHandler;
export function createTokenHandler(options: ServerHandlerOptions | TenantHandlerOptions): ServerHandler | TenantServerHandler {
  warnUnknownOptions('createTokenHandler', options, SERVER_OPTION_NAMES);
  const renewals = {
    intervalMs: options.forcedRenewalIntervalMs ?? DEFAULT_FORCED_RENEWAL_INTERVAL_MS,
    timeoutMs: Math.min(options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS, MAX_TOKEN_CHECK_MS),
    now: options.now ?? Date.now,
  };
  const tenants = 'credentials' in options && options.credentials !== undefined;
  return handlerShell(options, { maxBodyBytes: MAX_TOKEN_REQUEST_BYTES, answerWith: (upstream) => tokenAnswer(upstream, renewals, tenants) });
}

/**
 * Whose data a tenant's tokens reach, as the browser may see it: a tag of the resolved identity's
 * tag (never the key). The same in every process of a farm, so a browser the load balancer moves
 * sees no change; another tenant's differs, so a client whose user the app moved from tenant A to B
 * drops what A's tokens fetched and takes no A token from another tab (see tenantScope in /core).
 */
const scopeOf = (upstream: ClientParts) => fingerprint(`tenant-scope:${upstream.client.identity.id}`);

/** The token handler's answer with one key's client: its verdicts and its cached answer are that key's alone. */
function tokenAnswer(upstream: ClientParts, renewals: ForcedRenewalOptions, tenants: boolean): Answer {
  const { session, graphqlUrlOf } = upstream;
  const claimExpired = forcedRenewals(upstream, renewals);
  // One handler's one key has one scope for good: its answers say nothing of it.
  const scope = tenants ? { scope: scopeOf(upstream) } : {};
  // Where the token goes is this handler's to say, so the browser cannot send it to another service.
  const answerOf = (token: string, region: string) => ({ token, region, graphqlUrl: graphqlUrlOf(region), ...scope });
  // Serialised once per token (a token comes from one region): every browser gets the same answer
  // until the token changes, and serialising it was a large part of a warm request's own work.
  let answered = { token: '', text: '' };
  const answerText = (token: string, region: string) => {
    if (answered.token !== token) answered = { token, text: JSON.stringify(answerOf(token, region)) };
    return answered.text;
  };
  /** An upstream failure as its answer to the browser; any other error is the shell's 500. */
  const failureAnswer = (error: unknown): Response => {
    const failure = upstreamAuthFailure(error);
    if (failure === null) throw error;
    return jsonResponse(failure.status, { error: failure.message, code: failure.code }, failure.headers);
  };
  /** A claimed token, or no token held yet: what the answer waits on. */
  const awaitedAnswer = async (expired: string | undefined): Promise<Response> => {
    const heldNone = upstream.client.store.getState().token === null;
    let claim = expired === undefined ? null : await claimExpired(expired);
    let { token, region } = session.heldSession() ?? (await session.readySession());
    if (heldNone && token === expired) {
      // A session that held no token just took the claimed one from the shared cache: the browser
      // would be answered with the token it says is refused. Held now, the claim checks it.
      claim = await claimExpired(expired);
      ({ token, region } = session.heldSession() ?? (await session.readySession()));
    }
    // Unchecked for this claim: a revocation may have reached it too, so the browser may claim it
    // next. So is a token a session that held none (new here, or back after the pool dropped it)
    // took from the shared cache: another process's, which no one here asked the service about.
    const unchecked = claim?.handedOver === true || (expired !== undefined && heldNone && token !== expired && !session.obtainedFirstHand(token));
    if (unchecked) return jsonResponse(200, { ...answerOf(token, region), handedOver: true });
    // The claimed token back, on a verdict taken before the claim: the browser may claim it again
    // once the verdict lapses, and that claim is checked.
    if (token === expired && claim?.recheckInMs !== undefined) return jsonResponse(200, { ...answerOf(token, region), recheckInMs: claim.recheckInMs });
    return jsonTextResponse(200, answerText(token, region));
  };
  return (body) => {
    // A body that is no object stands as a claim of null: refused with every claim that is not a string.
    const expired = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { expired?: unknown }).expired : null;
    if (expired !== undefined && typeof expired !== 'string') {
      return jsonResponse(400, { error: 'send {} or {"expired": "<token>"}' });
    }
    // The warm answer, `{}` with a token held, is made at once: nothing in it waits, and a promise
    // per request was a measurable part of what it cost over a constant answer. Nothing here asks the
    // service, so what it could throw is no upstream failure: the shell's 500.
    const held = expired === undefined ? session.heldSession() : null;
    if (held !== null) return jsonTextResponse(200, answerText(held.token, held.region));
    return awaitedAnswer(expired).catch(failureAnswer);
  };
}
