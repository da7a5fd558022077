import type { ServerHandler, ServerHandlerOptions } from './options.js';
import { handlerShell } from './handler-shell.js';
import { jsonResponse } from './responses.js';
import { upstreamAuthFailure, upstreamClient } from './upstream-client.js';

/** A token request is `{}` or `{ "expired": "<token>" }`: a few hundred bytes. */
const MAX_TOKEN_REQUEST_BYTES = 16 * 1024;

/**
 * The token-mediating backend: the API key stays here, browsers get short-lived JWTs.
 * `POST {}` answers the current token (renewed first when due); `POST {"expired": T}` renews only if
 * T is still the current token, so however many browsers report one expiry, the service is asked
 * once, and a late report of an old token costs no upstream call.
 */
export function createTokenHandler(options: ServerHandlerOptions): ServerHandler {
  const { client, session } = upstreamClient(options);
  return handlerShell(options, {
    maxBodyBytes: MAX_TOKEN_REQUEST_BYTES,
    dispose: client.dispose,
    async answer(body) {
      const expired = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { expired?: unknown }).expired : null;
      if (expired === null || (expired !== undefined && typeof expired !== 'string')) {
        return jsonResponse(400, { error: 'send {} or {"expired": "<token>"}' });
      }
      if (expired !== undefined) session.dropToken(expired); // a no-op unless it is the current token
      try {
        const { token, region } = await session.readySession();
        return jsonResponse(200, { token, region });
      } catch (error) {
        const failure = upstreamAuthFailure(error);
        if (failure === null) throw error;
        return jsonResponse(failure.status, { error: failure.message, code: failure.code });
      }
    },
  });
}
