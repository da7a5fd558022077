import { TokenExpiredError, TokenRejectedError } from '../core/errors/index.js';
import { operationNameOf } from '../core/wire/operation-name.js';
import { inSpan, recordedOperationName, TELEMETRY } from '../core/wire/telemetry.js';
import { mayBeMutation } from '../core/wire/transport.js';
import { attemptsOf, type ForwardedAnswer, type ForwardedOperation, forwardingTransport, ResponseTooLarge, UpstreamTimeout } from './forwarding-transport.js';
import { handlerShell } from './handler-shell.js';
import { type KnownOptions, warnUnknownOptions } from '../core/client/unknown-options.js';
import {
  checkPositiveInteger,
  DEFAULT_UPSTREAM_TIMEOUT_MS,
  SERVER_OPTION_NAMES,
  type ServerHandler,
  type ServerHandlerOptions,
  type TenantHandlerOptions,
  type TenantServerHandler,
} from './options.js';
import { graphqlErrorResponse } from './responses.js';
import { upstreamAuthFailure } from './upstream-client.js';

/** The proxy's bounds on what it reads. */
export interface ProxyLimitOptions {
  /** Larger request bodies are refused with 413; default 1 MiB. */
  maxBodyBytes?: number;
  /** Larger answers are cut off while they stream in and answered 502 `RESPONSE_TOO_LARGE`; default 10 MiB. */
  maxResponseBytes?: number;
}

export interface GraphQLProxyOptions extends ServerHandlerOptions, ProxyLimitOptions {}

export interface TenantGraphQLProxyOptions extends TenantHandlerOptions, ProxyLimitOptions {}

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
};

export function createGraphQLProxy(options: TenantGraphQLProxyOptions): TenantServerHandler;
export function createGraphQLProxy(options: GraphQLProxyOptions): ServerHandler;
export function createGraphQLProxy(options: GraphQLProxyOptions | TenantGraphQLProxyOptions): ServerHandler | TenantServerHandler {
  warnUnknownOptions('createGraphQLProxy', options, PROXY_OPTION_NAMES);
  for (const name of ['maxBodyBytes', 'maxResponseBytes'] as const) checkPositiveInteger(name, options[name]);
  const limits = {
    timeoutMs: options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
  };
  return handlerShell(options, {
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    transport: forwardingTransport(limits),
    answerWith:
      ({ client }, labels) =>
      async (body, request) => {
        const read = readOperation(body);
        if (read === null) return graphqlErrorResponse(400, 'Send {"query", "variables"?, "operationName"?}', 'BAD_REQUEST');
        // A browser that went away cancels its query upstream; a mutation runs to its end, so that
        // whether it was applied is known upstream rather than cut off halfway.
        const init = mayBeMutation(read.query) ? {} : { signal: request.signal };
        try {
          const { operation } = read;
          const answer = await inSpan(
            TELEMETRY.proxySpan,
            () => ({ 'graphql.operation.name': recordedOperationName(operation.operationName ?? operationNameOf(read.query)), ...labels() }),
            () => client.request<ForwardedAnswer, ForwardedOperation>(read.query, operation, init),
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
      },
  });
}
