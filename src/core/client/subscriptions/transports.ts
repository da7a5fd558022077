import type * as GraphqlSse from 'graphql-sse';
import type * as GraphqlWs from 'graphql-ws';
import { SubscriptionTransportMissingError } from '../../errors/index.js';
import type { SubscriptionsOptions } from './types.js';
import { isTokenExpiredBody, isTokenRejectedBody, TOKEN_EXPIRED_MESSAGE } from '../../wire/expired-answer.js';

/** A GraphQL result as the transports deliver it. */
export interface SubscriptionResult {
  data?: unknown;
  errors?: readonly { readonly message: string }[];
}

/** How one connection's operation ended. */
export type Ending =
  | { kind: 'complete' }
  /** The server ended it for its token: a WebSocket close code of `authCloseCodes`, or the expired (or refused) answer, at connect or on the stream. */
  | { kind: 'token'; status: number }
  /** The server refused the operation (GraphQL errors, no data). */
  | { kind: 'errors'; errors: readonly { readonly message: string }[] }
  /** The connection failed or closed for another reason. */
  | { kind: 'lost'; cause: unknown; closeCode?: number | undefined };

export interface AttemptCallbacks {
  /** The connection took the token (acknowledged, or the stream answered) and the operation is subscribed. */
  started: () => void;
  result: (result: SubscriptionResult) => void;
  ended: (ending: Ending) => void;
}

export interface OperationPayload {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

/** Subscribes one operation with one token; the returned function disposes it (no callback after). */
export type OpenAttempt = (url: string, headers: Record<string, string>, payload: OperationPayload, callbacks: AttemptCallbacks) => () => void;

/** The package each transport's `load` imports, named in the error when it cannot. */
const PACKAGES = { ws: 'graphql-ws', sse: 'graphql-sse' } as const;

const DEFAULT_AUTH_CLOSE_CODES: readonly number[] = [4401, 4403];

/** The transport library, loaded once per client on the first subscription. */
export async function loadTransport(options: SubscriptionsOptions, fetchImpl: typeof fetch): Promise<OpenAttempt> {
  const packageName = PACKAGES[options.transport];
  let library: unknown;
  try {
    library = await options.load();
  } catch (error) {
    throw new SubscriptionTransportMissingError(packageName, { cause: error });
  }
  const { createClient } = (library ?? {}) as { createClient?: unknown };
  if (typeof createClient !== 'function') throw new SubscriptionTransportMissingError(packageName);
  return options.transport === 'ws'
    ? wsTransport(createClient as typeof GraphqlWs.createClient, options)
    : sseTransport(createClient as typeof GraphqlSse.createClient, fetchImpl);
}

/** The `code` of a WebSocket close event, if `error` is one. */
function closeCodeOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

const errorsOnly = (error: unknown) => Array.isArray(error) && error.every((item) => typeof (item as { message?: unknown } | null)?.message === 'string');

/** A result that is the service's expired message as a GraphQL error: a stream's way of saying its token ended. */
const isExpiredResult = (result: SubscriptionResult) => result.data == null && result.errors?.some((error) => error.message === TOKEN_EXPIRED_MESSAGE) === true;

interface PooledConnection {
  client: GraphqlWs.Client;
  users: number;
  connected: boolean;
  waiting: Set<() => void>;
}

/**
 * graphql-ws: one connection per URL and token, shared by the subscriptions that hold that token,
 * closed when the last of them leaves (lazy mode). Its own retries are off: reconnecting and renewing
 * are the subscription's, so that a reconnect never presents a token the service ended.
 */
function wsTransport(createClient: typeof GraphqlWs.createClient, options: SubscriptionsOptions): OpenAttempt {
  const authCloseCodes = options.authCloseCodes ?? DEFAULT_AUTH_CLOSE_CODES;
  const pool = new Map<string, PooledConnection>();
  const connectionFor = (url: string, headers: Record<string, string>) => {
    const key = `${url}\n${JSON.stringify(headers)}`;
    let pooled = pool.get(key);
    if (pooled !== undefined) return { key, pooled };
    const created: PooledConnection = {
      client: createClient({
        url,
        connectionParams: headers,
        lazy: true,
        lazyCloseTimeout: 0,
        retryAttempts: 0,
        ...(options.webSocketImpl === undefined ? {} : { webSocketImpl: options.webSocketImpl }),
        on: {
          connected: () => {
            created.connected = true;
            for (const started of created.waiting) started();
            created.waiting.clear();
          },
          // A closed connection is never used again: the next subscription with this token makes a new one.
          closed: () => {
            if (pool.get(key) === created) pool.delete(key);
          },
        },
      }),
      users: 0,
      connected: false,
      waiting: new Set(),
    };
    pool.set(key, (pooled = created));
    return { key, pooled };
  };

  return (url, headers, payload, callbacks) => {
    const { key, pooled } = connectionFor(url, headers);
    pooled.users += 1;
    let open = true;
    const started = () => {
      if (open) callbacks.started();
    };
    const end = (ending: Ending) => {
      if (!open) return;
      close();
      callbacks.ended(ending);
    };
    const unsubscribe = pooled.client.subscribe(payload, {
      next: (result) => {
        if (open) callbacks.result(result as SubscriptionResult);
      },
      error: (error) => {
        const code = closeCodeOf(error);
        if (code !== undefined && authCloseCodes.includes(code)) end({ kind: 'token', status: code });
        else if (errorsOnly(error)) end({ kind: 'errors', errors: error as SubscriptionResult['errors'] & object });
        else end({ kind: 'lost', cause: error, closeCode: code });
      },
      complete: () => {
        end({ kind: 'complete' });
      },
    });
    // The subscribe message goes out as soon as the connection is acknowledged.
    if (pooled.connected) queueMicrotask(started);
    else pooled.waiting.add(started);
    function close() {
      open = false;
      pooled.waiting.delete(started);
      unsubscribe();
      pooled.users -= 1;
      if (pooled.users === 0) {
        if (pool.get(key) === pooled) pool.delete(key);
        // A connection still being made rejects its dispose: nothing is left to clean up then.
        Promise.resolve(pooled.client.dispose()).catch(() => undefined);
      }
    }
    return () => {
      if (open) close();
    };
  };
}

/**
 * How a refused stream ended, read from its answer's body whatever its status: the expired (or a
 * refusing) answer, or a bare 401/403, ends it for its token; any other GraphQL errors answer (the
 * app's proxy refusing the operation, `OPERATION_NOT_ALLOWED`, or its user) is the operation's refusal,
 * which a new token would not change; anything else is a lost connection.
 */
async function refusedStream(error: unknown): Promise<Ending> {
  const response = (error as { response?: Response } | null)?.response;
  if (response === undefined || typeof response.text !== 'function') return { kind: 'lost', cause: error };
  const body = await response.text().catch(() => '');
  if (isTokenExpiredBody(body) || isTokenRejectedBody(body)) return { kind: 'token', status: response.status };
  const errors = errorsOf(body);
  if (errors !== null) return { kind: 'errors', errors };
  return response.status === 401 || response.status === 403 ? { kind: 'token', status: response.status } : { kind: 'lost', cause: error };
}

/** The `errors` of a GraphQL answer's text, or null when it is not one. */
function errorsOf(body: string): readonly { readonly message: string }[] | null {
  try {
    const errors = (JSON.parse(body) as { errors?: unknown } | null)?.errors;
    return errorsOnly(errors) && (errors as unknown[]).length > 0 ? (errors as { message: string }[]) : null;
  } catch {
    return null;
  }
}

/** graphql-sse, distinct connections: one event stream per operation, its token in the headers; its own retries off. */
function sseTransport(createClient: typeof GraphqlSse.createClient, fetchImpl: typeof fetch): OpenAttempt {
  return (url, headers, payload, callbacks) => {
    const client = createClient({ url, headers, retryAttempts: 0, fetchFn: fetchImpl, singleConnection: false });
    let open = true;
    const end = (ending: Ending) => {
      if (!open) return;
      close();
      callbacks.ended(ending);
    };
    const unsubscribe = client.subscribe(
      payload,
      {
        next: (result) => {
          if (!open) return;
          const read = result as SubscriptionResult;
          if (isExpiredResult(read)) end({ kind: 'token', status: 200 });
          else callbacks.result(read);
        },
        error: (error) => {
          if (errorsOnly(error)) {
            end({ kind: 'errors', errors: error as SubscriptionResult['errors'] & object });
            return;
          }
          void refusedStream(error).then(end);
        },
        complete: () => {
          end({ kind: 'complete' });
        },
      },
      {
        connected: () => {
          if (open) callbacks.started();
        },
      },
    );
    function close() {
      open = false;
      unsubscribe();
      client.dispose();
    }
    return () => {
      if (open) close();
    };
  };
}
