import { IN_PROCESS_ORIGIN } from '../core/wire/absolute-url.js';
import { AuthConfigError } from '../core/errors/auth-config-error.js';
import { jsonResponse } from './responses.js';
import { serverLogger } from './log-lines.js';
import {
  checkServerOptions,
  DEFAULT_MAX_SESSIONS,
  type ServerHandler,
  type ServerHandlerOptions,
  type TenantCredentials,
  type TenantHandlerOptions,
  type TenantServerHandler,
} from './options.js';
import { BodyTooLarge, DEFAULT_MAX_JSON_DEPTH, DEFAULT_MAX_JSON_VALUES, JsonTooDeep, JsonTooManyValues, jsonReader } from './read-json.js';
import { refusal } from './refusals.js';
import { isPostPreflight, listedOrigin, plainHttpOrigins, preflightAnswer, withCors } from './cors.js';
import type { UpstreamWiring } from './upstream-client.js';
import { type AnswerWith, sessionOpener, type UpstreamSession } from './upstream-session.js';
import { sessionPool } from './session-pool.js';
import { credentialsOf, InvalidCredentials } from './resolved-credentials.js';

export interface HandlerParts {
  maxBodyBytes: number;
  transport?: UpstreamWiring['transport'];
  /** The handler's answer, built once per key's client: its state is that key's alone. */
  answerWith: AnswerWith;
}

/** Where a request's session comes from: the handler's one key, or the key its tenant resolves to. */
interface Sessions {
  forRequest: (request: Request) => UpstreamSession | null | Promise<UpstreamSession | null>;
  dispose: () => void;
  refresh: () => Promise<void>;
  status: TenantServerHandler['status'] | ServerHandler['status'];
  /** One key's readiness; a pool of tenants has no one state to probe. */
  ready?: ServerHandler['ready'];
}

function oneKey(session: UpstreamSession): Sessions {
  const { client } = session.parts;
  return {
    forRequest: () => session,
    dispose: client.dispose,
    async refresh() {
      // The outcome is the status; a caller polling readiness reads it there.
      await client.refresh().catch(() => undefined);
    },
    status: session.status,
    async ready() {
      // The outcome lands in the status, which is the answer.
      await client.getToken().catch(() => undefined);
      return session.status();
    },
  };
}

/** The resolver's failure, told by its kind alone: the message of the app's own lookup may hold a key or a tenant's name. */
class ResolverFailed extends Error {
  constructor(readonly kind: string) {
    super(kind);
  }
}

/**
 * The one log line of a 500: what failed, never a detail that could hold a secret. Our own
 * configuration error is told whole (its facts never hold a key: an unknown region is named there).
 */
function failureLine(error: unknown): string {
  if (error instanceof ResolverFailed) return `the credentials resolver failed (${error.kind})`;
  if (error instanceof AuthConfigError) return `a request failed (AuthConfigError: ${error.message})`;
  return `a request failed (${error instanceof Error ? error.name : typeof error})`;
}

function manyKeys(options: TenantHandlerOptions, open: ReturnType<typeof sessionOpener>): Sessions {
  const pool = sessionPool(options.maxSessions ?? DEFAULT_MAX_SESSIONS, open);
  /** The app's label for the request's tenant; a label function that fails costs the label, never the answer. */
  const labelOf = (request: Request): string | undefined => {
    try {
      const label = options.tenantLabel?.(request);
      return typeof label === 'string' ? label : undefined;
    } catch {
      return undefined;
    }
  };
  const status = (credentials?: TenantCredentials) => (credentials === undefined ? pool.status() : pool.statusOf(credentials));
  return {
    async forRequest(request) {
      let resolved: TenantCredentials | null;
      try {
        resolved = credentialsOf(await options.credentials(request));
      } catch (error) {
        // Our own check of its answer is told whole (its words are fixed, no key in them): the
        // operator learns what the resolver must answer, not only that it answered wrong.
        throw new ResolverFailed(error instanceof InvalidCredentials ? `${error.name}: ${error.message}` : error instanceof Error ? error.name : typeof error);
      }
      if (resolved === null) return null;
      const session = pool.sessionFor(resolved);
      session.labelled(labelOf(request));
      return session;
    },
    dispose: pool.dispose,
    refresh: pool.refresh,
    status: status as TenantServerHandler['status'],
  };
}

/** What both handlers share: the refusals, a bounded JSON body, and no detail of a failure leaked. */
export function handlerShell(
  options: ServerHandlerOptions | TenantHandlerOptions,
  { maxBodyBytes, transport, answerWith }: HandlerParts,
): ServerHandler | TenantServerHandler {
  checkServerOptions(options);
  const maxJsonDepth = options.maxJsonDepth ?? DEFAULT_MAX_JSON_DEPTH;
  const maxJsonValues = options.maxJsonValues ?? DEFAULT_MAX_JSON_VALUES;
  const readJson = jsonReader(maxBodyBytes, { maxDepth: maxJsonDepth, maxValues: maxJsonValues });
  const allowedOrigins = options.allowedOrigins ?? [];
  const logger = serverLogger(options);
  for (const origin of plainHttpOrigins(allowedOrigins)) {
    logger.warn(
      `graphql-jwt-auth-react: allowedOrigins lists ${origin}, a plain http:// origin off this machine: anyone on the network path can change its page, which this handler trusts with your users' cookies and answers; list its https:// origin instead`,
    );
  }
  const open = sessionOpener(options, transport, answerWith);
  const sessions = options.credentials === undefined ? oneKey(open(options)) : manyKeys(options, open);
  // Without a list no Origin is read here: each header read costs the adapter a lookup, and the first
  // one Node's building of the whole header object.
  const corsListed = allowedOrigins.length > 0;
  function serve(request: Request, trusted: boolean): Promise<Response> {
    const origin = trusted || !corsListed ? null : listedOrigin(request, allowedOrigins);
    if (origin === null) return answerTo(request, trusted, false);
    return isPostPreflight(request)
      ? Promise.resolve(withCors(preflightAnswer(request), origin))
      : answerTo(request, false, true).then((answer) => withCors(answer, origin));
  }
  async function answerTo(request: Request, trusted: boolean, listed: boolean): Promise<Response> {
    try {
      const checked = trusted
        ? request.method === 'POST'
          ? null
          : jsonResponse(405, { error: 'method not allowed: use POST' }, { allow: 'POST' })
        : refusal(request, options, listed);
      // Awaited only when the app's authorizeRequest answered with a promise: each await is a turn of the microtask queue.
      const refused = checked instanceof Promise ? await checked : checked;
      if (refused) return refused;
      // Trusted calls too: the request a Server Component passes on names its user, hence the tenant.
      const found = sessions.forRequest(request);
      const session = found instanceof Promise ? await found : found;
      if (session === null) return jsonResponse(401, { error: 'not authorized' });
      const body = await readJson(request);
      if (body === undefined) return jsonResponse(400, { error: 'the body is not JSON' });
      const answer = session.answer(body, request);
      return answer instanceof Promise ? await answer : answer;
    } catch (error) {
      if (error instanceof BodyTooLarge) return jsonResponse(413, { error: `the body exceeds ${maxBodyBytes} bytes` });
      if (error instanceof JsonTooDeep) return jsonResponse(400, { error: `the body nests deeper than ${maxJsonDepth} levels`, code: 'JSON_TOO_DEEP' });
      if (error instanceof JsonTooManyValues)
        return jsonResponse(400, { error: `the body holds more than ${maxJsonValues} values`, code: 'JSON_TOO_MANY_VALUES' });
      // Nothing of the failure goes out: it could name the upstream or, in a message, a secret. The
      // operator is told, once per request, in the server's log.
      logger.error(`graphql-jwt-auth-react: ${failureLine(error)}; answered 500`);
      return jsonResponse(500, { error: 'internal error' });
    }
  }
  const handler = ((request: Request) => serve(request, false)) as ServerHandler & TenantServerHandler;
  handler.fetchInProcess = (input, init) =>
    serve(input instanceof Request ? new Request(input, init) : new Request(new URL(String(input), IN_PROCESS_ORIGIN), init), true);
  handler.dispose = sessions.dispose;
  handler.status = sessions.status as ServerHandler['status'] & TenantServerHandler['status'];
  handler.refresh = sessions.refresh;
  if (sessions.ready !== undefined) handler.ready = sessions.ready;
  return handler;
}
