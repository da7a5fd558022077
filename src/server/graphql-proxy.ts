import { TokenExpiredError, TokenRejectedError } from '../core/errors/index.js';
import { operationNameOf } from '../core/wire/operation-name.js';
import { count, inSpan, type Labels, recordedOperationName, TELEMETRY } from '../core/wire/telemetry.js';
import type { ClientParts } from '../core/client/auth-client.js';
import { AuthConfigError } from '../core/errors/index.js';
import { mayBeMutation } from '../core/wire/transport.js';
import { attemptsOf, type ForwardedAnswer, type ForwardedOperation, forwardingTransport, ResponseTooLarge, UpstreamTimeout } from './forwarding-transport.js';
import { handlerShell } from './handler-shell.js';
import { type KnownOptions, warnUnknownOptions } from '../core/client/unknown-options.js';
import {
  checkPositiveInteger,
  DEFAULT_UPSTREAM_TIMEOUT_MS,
  SERVER_OPTION_NAMES,
  type HandlerStatus,
  type PoolStatus,
  type ServerHandler,
  type ServerHandlerOptions,
  type TenantCredentials,
  type TenantHandlerOptions,
  type TenantServerHandler,
} from './options.js';
import { graphqlErrorResponse, jsonResponse } from './responses.js';
import { upstreamAuthFailure } from './upstream-client.js';
import { serverLogger } from './log-lines.js';
import { type Admission, type OperationFacts, type RefusedBecause, trustedDocuments, type TrustedOperations } from './trusted-documents.js';
import { relaySubscription } from './subscription-relay.js';
import { DEFAULT_REFRESH_MARGIN_MS } from '../core/client/config.js';
import { NO_REDIRECT } from '../core/wire/redirects.js';

/** The proxy's bounds on what it reads. */
export interface ProxyLimitOptions {
  /** Larger request bodies are refused with 413; default 1 MiB. */
  maxBodyBytes?: number;
  /** Larger answers are cut off while they stream in and answered 502 `RESPONSE_TOO_LARGE`; default 10 MiB. */
  maxResponseBytes?: number;
}

/** The app's list of operations, and who may run which (see docs/trusted-documents.md). */
export interface TrustedDocumentOptions {
  /**
   * The operations the app was built with: the GraphQL Code Generator client preset's
   * `persisted-documents.json` (id → text) or a Map of id → text. Given, the proxy sends upstream
   * only the list's texts, asked for by id (`documentId`, or `extensions.persistedQuery.sha256Hash`)
   * or by the exact text, and refuses anything else with 403 `OPERATION_NOT_ALLOWED` before it
   * reaches the service. Default: none, any operation the key allows is forwarded.
   */
  operations?: TrustedOperations;
  /** Lets unlisted introspection queries (`__schema`, `__type`, `__typename` only) through; default false. Needs `operations`. */
  allowIntrospection?: boolean;
  /**
   * The app's per-user decision on a listed operation, told the list's facts (its name, type and id;
   * never what the browser claims): false refuses with 403 `OPERATION_NOT_ALLOWED`. Needs `operations`.
   */
  authorizeOperation?: (request: Request, operation: OperationFacts) => boolean | Promise<boolean>;
}

/** Subscriptions relayed over graphql-sse (see docs/api.md, "Subscriptions through the proxy"). */
export interface ProxySubscriptionOptions {
  /**
   * Where the service's graphql-sse event streams are, given a region's GraphQL URL. Default: the
   * GraphQL URL followed by `/stream` (the mock service's, and graphql-sse's usual, path).
   */
  subscriptionUrl?: (graphqlUrl: string) => string;
  /**
   * The bytes of events held for one browser stream that reads slower than the service sends: past
   * them the stream is ended (its client reconnects with backoff), so a browser that never reads
   * cannot make the server hold every event. Default 1 MiB.
   */
  subscriptionBufferBytes?: number;
  /**
   * How often a browser stream gets a comment line (`:`, which every event stream client skips):
   * idle connections are cut by load balancers and proxies (often after 60 s), and a quiet
   * subscription would be cut and reconnected over and over. Default 15 000 ms.
   */
  subscriptionKeepAliveMs?: number;
}

export const DEFAULT_SUBSCRIPTION_BUFFER_BYTES = 1024 * 1024;
export const DEFAULT_SUBSCRIPTION_KEEP_ALIVE_MS = 15_000;

export interface GraphQLProxyOptions extends ServerHandlerOptions, ProxyLimitOptions, TrustedDocumentOptions, ProxySubscriptionOptions {}

export interface TenantGraphQLProxyOptions extends TenantHandlerOptions, ProxyLimitOptions, TrustedDocumentOptions, ProxySubscriptionOptions {}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ query, variables?, operationName? }`, or null when the body is not a GraphQL request. */
function readOperation(body: unknown): { query: string; operation: ForwardedOperation } | null {
  if (!isPlainObject(body)) return null;
  const { query, variables, operationName } = body;
  if (typeof query !== 'string' || query.trim() === '') return null;
  if (variables !== undefined && variables !== null && !isPlainObject(variables)) return null;
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return null;
  const operation: ForwardedOperation = {};
  if (variables !== undefined) operation.variables = variables;
  if (operationName !== undefined) operation.operationName = operationName;
  return { query, operation };
}

/**
 * The backend for frontend: browsers post GraphQL here with their cookies and never see the key or
 * a token. The operation is forwarded to the service with the server's token; an expired or refused
 * answer is renewed and retried once here (a mutation only after such an answer, never after a reset
 * or a 5xx), so the browser gets the GraphQL result and never an expired answer. Nothing of the
 * browser's request but the operation goes upstream: no cookie, no authorization header.
 */
const PROXY_OPTION_NAMES: KnownOptions<GraphQLProxyOptions & Pick<TenantGraphQLProxyOptions, 'credentials' | 'maxSessions' | 'tenantLabel'>> = {
  ...SERVER_OPTION_NAMES,
  maxBodyBytes: true,
  maxResponseBytes: true,
  operations: true,
  allowIntrospection: true,
  authorizeOperation: true,
  subscriptionUrl: true,
  subscriptionBufferBytes: true,
  subscriptionKeepAliveMs: true,
};

/** A graphql-sse client asks for an event stream ("distinct connections": one POST per operation). */
const wantsEventStream = (request: Request) => request.headers.get('accept')?.includes('text/event-stream') === true;

const defaultSubscriptionUrl = (graphqlUrl: string) => `${graphqlUrl.replace(/\/+$/, '')}/stream`;

/** What the browser is told of a refusal: why in general, never the text or the id it sent. */
const REFUSAL_MESSAGES: Readonly<Record<RefusedBecause, string>> = {
  batch: 'This server runs one operation per request',
  unknown_id: "No operation of this server's list has this id (a page from another build: reload it)",
  other_text: "The text sent with this id is not the server's",
  unlisted_text: "This operation is not on the server's list",
  other_operation: "The document on the server's list holds no operation of this name",
  not_authorized: 'This user may not run this operation',
};

/** An id or a name as a log line holds it: quoted and cut, whatever length the browser sent. */
const quotedCut = (value: string | undefined) => (value === undefined ? 'none' : JSON.stringify(value.length > 100 ? `${value.slice(0, 100)}…` : value));

function checkTrustedDocumentOptions(options: TrustedDocumentOptions): void {
  if (options.allowIntrospection !== undefined && typeof options.allowIntrospection !== 'boolean') {
    throw new AuthConfigError('allowIntrospection must be true or false');
  }
  if (options.authorizeOperation !== undefined && typeof options.authorizeOperation !== 'function') {
    throw new AuthConfigError('authorizeOperation must be a function of the request and the operation, answering true or false');
  }
  if (options.operations === undefined && (options.allowIntrospection !== undefined || options.authorizeOperation !== undefined)) {
    throw new AuthConfigError(
      "allowIntrospection and authorizeOperation apply to a list of operations: give operations too (without it, an operation's type would be the browser's word)",
    );
  }
}

export function createGraphQLProxy(options: TenantGraphQLProxyOptions): TenantServerHandler;
export function createGraphQLProxy(options: GraphQLProxyOptions): ServerHandler;
export function createGraphQLProxy(options: GraphQLProxyOptions | TenantGraphQLProxyOptions): ServerHandler | TenantServerHandler {
  warnUnknownOptions('createGraphQLProxy', options, PROXY_OPTION_NAMES);
  for (const name of ['maxBodyBytes', 'maxResponseBytes', 'subscriptionBufferBytes', 'subscriptionKeepAliveMs'] as const)
    checkPositiveInteger(name, options[name]);
  checkTrustedDocumentOptions(options);
  if (options.subscriptionUrl !== undefined && typeof options.subscriptionUrl !== 'function') {
    throw new AuthConfigError("subscriptionUrl must be a function of a region's GraphQL URL, answering its event stream's URL");
  }
  const limits = {
    timeoutMs: options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
  };
  const admit =
    options.operations === undefined ? undefined : trustedDocuments(options.operations, { allowIntrospection: options.allowIntrospection === true });
  const { authorizeOperation } = options;
  const logger = serverLogger(options);
  let refusedOperations = 0;
  const subscriptionUrl = options.subscriptionUrl ?? defaultSubscriptionUrl;
  const marginMs = options.refreshMarginMs ?? DEFAULT_REFRESH_MARGIN_MS;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  // A redirect would carry the token elsewhere: graphql-sse reads the 3xx as a failed stream.
  const upstreamFetch: typeof fetch = (input, init) => fetchImpl(input, { ...init, redirect: NO_REDIRECT });

  /**
   * An event stream the browser asked for: relayed from the service's with the server's token, moved
   * to each new token before expiry. A mutation is never streamed: a stream opened again would run it twice.
   */
  function streamed({ session, graphqlUrlOf }: ClientParts, query: string, operation: ForwardedOperation, request: Request): Response {
    if (mayBeMutation(query)) {
      return graphqlErrorResponse(400, 'Post a mutation as JSON: an event stream is opened again on each new token', 'BAD_REQUEST');
    }
    const streamUrlOf = (region: string) => {
      const graphqlUrl = graphqlUrlOf(region);
      return graphqlUrl === undefined ? undefined : subscriptionUrl(graphqlUrl);
    };
    return relaySubscription(
      {
        session,
        streamUrlOf,
        fetch: upstreamFetch,
        marginMs,
        now: options.now ?? Date.now,
        connectTimeoutMs: limits.timeoutMs,
        bufferBytes: options.subscriptionBufferBytes ?? DEFAULT_SUBSCRIPTION_BUFFER_BYTES,
        keepAliveMs: options.subscriptionKeepAliveMs ?? DEFAULT_SUBSCRIPTION_KEEP_ALIVE_MS,
      },
      {
        query,
        ...(operation.variables == null ? {} : { variables: operation.variables as Record<string, unknown> }),
        ...(operation.operationName == null ? {} : { operationName: operation.operationName }),
      },
      request.signal,
    );
  }

  async function forward(parts: ClientParts, labels: Labels, query: string, operation: ForwardedOperation, request: Request): Promise<Response> {
    if (wantsEventStream(request)) return streamed(parts, query, operation, request);
    const { client } = parts;
    // A browser that went away cancels its query upstream; a mutation runs to its end, so that
    // whether it was applied is known upstream rather than cut off halfway.
    const init = mayBeMutation(query) ? {} : { signal: request.signal };
    try {
      const answer = await inSpan(
        TELEMETRY.proxySpan,
        () => ({ 'graphql.operation.name': recordedOperationName(operation.operationName ?? operationNameOf(query)), ...labels() }),
        () => client.request<ForwardedAnswer, ForwardedOperation>(query, operation, init),
        ({ value }) => ({
          ...(value === undefined ? {} : { 'http.response.status_code': value.status }),
          'graphql_jwt_auth.retried': (attemptsOf.get(operation) ?? 0) > 1,
        }),
      );
      return new Response(answer.body, {
        status: answer.status,
        headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
      });
    } catch (error) {
      const failure = upstreamAuthFailure(error);
      if (failure !== null) return graphqlErrorResponse(failure.status, failure.message, failure.code, failure.headers);
      if (error instanceof UpstreamTimeout) {
        return graphqlErrorResponse(504, `The service gave no whole answer within ${limits.timeoutMs} ms`, 'UPSTREAM_TIMEOUT');
      }
      if (error instanceof ResponseTooLarge) {
        return graphqlErrorResponse(502, `The service's answer exceeds ${limits.maxResponseBytes} bytes`, 'RESPONSE_TOO_LARGE');
      }
      // The browser is gone: nobody reads this answer.
      if (request.signal.aborted) return graphqlErrorResponse(499, 'The client closed the request', 'CLIENT_CLOSED_REQUEST');
      if (error instanceof TokenExpiredError || error instanceof TokenRejectedError) {
        return graphqlErrorResponse(502, 'The service kept refusing the token after one renewal', 'UPSTREAM_TOKEN_REFUSED');
      }
      return graphqlErrorResponse(502, "The service's GraphQL endpoint gave no answer", 'UPSTREAM_UNREACHABLE');
    }
  }

  /** A refusal of the list or of the app: counted, told in one bounded line (the name and id, never the text), answered 403. */
  function refused(because: RefusedBecause, id: string | undefined, name: string | undefined, labels: Labels): Response {
    refusedOperations += 1;
    count(TELEMETRY.refusedOperations, { 'graphql_jwt_auth.reason': because, ...labels() });
    logger.warn(`graphql-jwt-auth-react: refused an operation (${because}): id ${quotedCut(id)}, name ${quotedCut(name)}; answered 403`);
    // The reason goes too (its word, as telemetry's): a client tells a page from another build
    // (`unknown_id`: reload) from a refusal, by one code that dashboards and older clients already match.
    return jsonResponse(403, { errors: [{ message: REFUSAL_MESSAGES[because], extensions: { code: 'OPERATION_NOT_ALLOWED', reason: because } }] });
  }

  /** The listed operation, sent once the app's authorizeOperation (if any) agreed: awaited only when it answers with a promise. */
  function admitted(parts: ClientParts, labels: Labels, admission: Extract<Admission, { admitted: true }>, request: Request): Promise<Response> {
    const operation: ForwardedOperation = {};
    if (admission.variables !== undefined) operation.variables = admission.variables;
    if (admission.operationName !== undefined) operation.operationName = admission.operationName;
    const send = (allowed: boolean) =>
      allowed
        ? forward(parts, labels, admission.query, operation, request)
        : Promise.resolve(refused('not_authorized', admission.facts.id ?? undefined, admission.facts.operationName ?? undefined, labels));
    if (authorizeOperation === undefined) return send(true);
    const allowed = authorizeOperation(request, admission.facts);
    // Only true lets the operation through: a JavaScript caller's 'yes' or undefined refuses.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-boolean-literal-compare -- see above
    return typeof allowed === 'boolean' ? send(allowed) : Promise.resolve(allowed).then((value) => send(value === true));
  }

  const handler = handlerShell(options, {
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    transport: forwardingTransport(limits),
    answerWith: (parts, labels) => (body, request) => {
      if (admit === undefined) {
        const read = readOperation(body);
        if (read === null) return graphqlErrorResponse(400, 'Send {"query", "variables"?, "operationName"?}', 'BAD_REQUEST');
        return forward(parts, labels, read.query, read.operation, request);
      }
      const admission = admit(body);
      if (admission === null) return graphqlErrorResponse(400, 'Send {"documentId" or "query", "variables"?, "operationName"?}', 'BAD_REQUEST');
      if (!admission.admitted) return refused(admission.because, admission.id, admission.name, labels);
      return admitted(parts, labels, admission, request);
    },
  });
  if (admit === undefined) return handler;
  // The count is the handler's, all tenants together: a tenant's own status has no share of it.
  const { status } = handler;
  const counted = ((...args: [] | [TenantCredentials]) =>
    args.length === 0
      ? { ...(status as () => HandlerStatus | PoolStatus)(), refusedOperations }
      : (status as (c: TenantCredentials) => HandlerStatus | null)(...args)) as ServerHandler['status'] & TenantServerHandler['status'];
  handler.status = counted;
  // A readiness probe reads the same count.
  if ('ready' in handler) {
    const { ready } = handler;
    handler.ready = async () => ({ ...(await ready()), refusedOperations });
  }
  return handler;
}
