import { IN_PROCESS_ORIGIN } from '../core/wire/absolute-url.js';
import { jsonResponse } from './responses.js';
import type { ServerHandler, ServerHandlerOptions } from './options.js';
import { BodyTooLarge, DEFAULT_MAX_JSON_DEPTH, DEFAULT_MAX_JSON_VALUES, JsonTooDeep, JsonTooManyValues, readJson } from './read-json.js';
import { refusal } from './refusals.js';
import { isPostPreflight, listedOrigin, preflightAnswer, withCors } from './cors.js';
import type { ClientParts } from '../core/client/auth-client.js';
import { watchHealth } from './handler-health.js';

export interface HandlerParts {
  maxBodyBytes: number;
  /** The answer to a POST that passed every check, given its parsed JSON body. */
  answer: (body: unknown, request: Request) => Promise<Response>;
  /** The handler's one client for the service: its state is the handler's status. */
  upstream: ClientParts;
}

/** What both handlers share: the refusals, a bounded JSON body, and no detail of a failure leaked. */
export function handlerShell(options: ServerHandlerOptions, { maxBodyBytes, answer, upstream }: HandlerParts): ServerHandler {
  const maxJsonDepth = options.maxJsonDepth ?? DEFAULT_MAX_JSON_DEPTH;
  const maxJsonValues = options.maxJsonValues ?? DEFAULT_MAX_JSON_VALUES;
  const { client } = upstream;
  const allowedOrigins = options.allowedOrigins ?? [];
  const status = watchHealth(client.store, { logger: options.logger ?? console, now: options.now ?? Date.now });
  async function serve(request: Request, trusted: boolean): Promise<Response> {
    const origin = trusted ? null : listedOrigin(request, allowedOrigins);
    if (origin === null) return answerTo(request, trusted, false);
    return withCors(isPostPreflight(request) ? preflightAnswer(request) : await answerTo(request, false, true), origin);
  }
  async function answerTo(request: Request, trusted: boolean, listed: boolean): Promise<Response> {
    try {
      const refused = trusted
        ? request.method === 'POST'
          ? null
          : jsonResponse(405, { error: 'method not allowed: use POST' }, { allow: 'POST' })
        : await refusal(request, options, listed);
      if (refused) return refused;
      const body = await readJson(request, maxBodyBytes, { maxDepth: maxJsonDepth, maxValues: maxJsonValues });
      if (body === undefined) return jsonResponse(400, { error: 'the body is not JSON' });
      return await answer(body, request);
    } catch (error) {
      if (error instanceof BodyTooLarge) return jsonResponse(413, { error: `the body exceeds ${maxBodyBytes} bytes` });
      if (error instanceof JsonTooDeep) return jsonResponse(400, { error: `the body nests deeper than ${maxJsonDepth} levels`, code: 'JSON_TOO_DEEP' });
      if (error instanceof JsonTooManyValues) return jsonResponse(400, { error: `the body holds more than ${maxJsonValues} values`, code: 'JSON_TOO_MANY_VALUES' });
      // Nothing of the failure goes out: it could name the upstream or, in a message, a secret.
      return jsonResponse(500, { error: 'internal error' });
    }
  }
  const handler = ((request: Request) => serve(request, false)) as ServerHandler;
  handler.fetchInProcess = (input, init) =>
    serve(input instanceof Request ? new Request(input, init) : new Request(new URL(String(input), IN_PROCESS_ORIGIN), init), true);
  handler.dispose = client.dispose;
  handler.status = status;
  handler.refresh = async () => {
    // The outcome is the status; a caller polling readiness reads it there.
    await client.refresh().catch(() => undefined);
  };
  return handler;
}
