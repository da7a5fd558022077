import { warnUnknownOptions } from '../core/client/unknown-options.js';
import { DEFAULT_UPSTREAM_TIMEOUT_MS, SERVER_OPTION_NAMES, type ServerHandler, type ServerHandlerOptions } from './options.js';
import { handlerShell } from './handler-shell.js';
import { jsonResponse, jsonTextResponse } from './responses.js';
import { DEFAULT_FORCED_RENEWAL_INTERVAL_MS, forcedRenewals, MAX_TOKEN_CHECK_MS } from './forced-renewal.js';
import { upstreamAuthFailure, upstreamClient } from './upstream-client.js';

/** A token request is `{}` or `{ "expired": "<token>" }`: a few hundred bytes. */
const MAX_TOKEN_REQUEST_BYTES = 16 * 1024;

/**
 * The token-mediating backend: the API key stays here, browsers get short-lived JWTs.
 * `POST {}` answers the current token (renewed first when due); `POST {"expired": T}` renews only
 * when the service really refuses T, the current token (see forced-renewal.ts): however many browsers
 * report it, the service is asked once, and a report of a valid or an old token costs no `/v1/auth` call.
 */
export function createTokenHandler(options: ServerHandlerOptions): ServerHandler {
  warnUnknownOptions('createTokenHandler', options, SERVER_OPTION_NAMES);
  const upstream = upstreamClient(options);
  const { session } = upstream;
  const claimExpired = forcedRenewals(upstream, {
    intervalMs: options.forcedRenewalIntervalMs ?? DEFAULT_FORCED_RENEWAL_INTERVAL_MS,
    timeoutMs: Math.min(options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS, MAX_TOKEN_CHECK_MS),
    now: options.now ?? Date.now,
  });
  // Serialised once per token (a token comes from one region): every browser gets the same answer
  // until the token changes, and serialising it was a large part of a warm request's own work.
  let answered = { token: '', text: '' };
  const answerText = (token: string, region: string) => {
    if (answered.token !== token) answered = { token, text: JSON.stringify({ token, region }) };
    return answered.text;
  };
  return handlerShell(options, {
    maxBodyBytes: MAX_TOKEN_REQUEST_BYTES,
    upstream,
    async answer(body) {
      const expired = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { expired?: unknown }).expired : null;
      if (expired === null || (expired !== undefined && typeof expired !== 'string')) {
        return jsonResponse(400, { error: 'send {} or {"expired": "<token>"}' });
      }
      try {
        if (expired !== undefined) await claimExpired(expired);
        const { token, region } = await session.readySession();
        return jsonTextResponse(200, answerText(token, region));
      } catch (error) {
        const failure = upstreamAuthFailure(error);
        if (failure === null) throw error;
        return jsonResponse(failure.status, { error: failure.message, code: failure.code }, failure.headers);
      }
    },
  });
}
