import { ClientError } from 'graphql-request';
import { absoluteUrl } from '../wire/absolute-url.js';
import { createStore } from 'zustand/vanilla';
import { AuthConfigError, ServerCredentialsError, SignedOutError } from '../errors/index.js';
import { answerCode, appFailure } from '../sources/app-refusal.js';
import { serverMessage } from '../sources/auth-endpoint.js';
import { documentIdOf } from '../wire/document-source.js';
import { ExpiredAnswer } from '../wire/expired-answer.js';
import { NO_SESSION } from '../session/token-session.js';
import { clientError } from '../wire/client-error.js';
import { createTransport, type GraphQLDocument, NoAnswer, type Variables } from '../wire/transport.js';
import { GraphQLResponseError } from '../errors/graphql-response-error.js';
import { OperationNotAllowedError } from '../errors/operation-not-allowed-error.js';
import { UnknownOperationIdError } from '../errors/unknown-operation-id-error.js';
import type { AuthState } from '../session/auth-state.js';
import { createAuthEvents, onSignedOut } from '../session/auth-events.js';
import { globalFetch } from '../wire/global-fetch.js';
import { reportedSend } from './operation-events.js';
import type { AuthClient, AuthIdentity, RequestInit } from './types.js';
import type { SubscriptionsOption } from './subscriptions/subscriptions-option.js';
import { noAuthorization, proxySubscriptionSession } from './proxy-subscriptions.js';

export interface ProxyClientOptions extends GraphQLProxyModeOptions {
  url: string;
  fetch: typeof fetch;
  identity: AuthIdentity;
  /** `graphqlSubscriptions({ transport: 'sse' })`: subscriptions as event streams through the proxy. */
  subscriptions?: SubscriptionsOption | undefined;
}

/** `graphqlProxy(url, options)`. */
export interface GraphQLProxyModeOptions {
  /**
   * Send a document that carries an id (the client preset's `persistedDocuments`, its `__meta__.hash`)
   * as `{ documentId, variables, operationName }`, without its text, for a proxy given the list of the
   * app's operations (`createGraphQLProxy({ operations })`). Documents without an id still go as text.
   * Default false: every document goes as its text.
   */
  sendDocumentIds?: boolean;
}

/** Statuses with which the app's proxy refuses its own user: no retry until refresh() or a new identity. */
const REFUSED = new Set([401, 403]);

/** The proxy's code for an operation its list of the app's own (`operations`) does not hold. */
const OPERATION_NOT_ALLOWED = 'OPERATION_NOT_ALLOWED';

/** The proxy's reason when its list has no operation of the id sent: the page is from another build. */
const UNKNOWN_ID = 'unknown_id';

/** The list's refusal as its typed error, the proxy's `extensions.reason` kept. */
function operationRefused(error: ClientError): OperationNotAllowedError {
  const said = (error.response.errors?.[0]?.extensions as { reason?: unknown } | undefined)?.reason;
  const reason = typeof said === 'string' ? said : undefined;
  const Refusal = reason === UNKNOWN_ID ? UnknownOperationIdError : OperationNotAllowedError;
  return new Refusal(error.response, error.request, error instanceof GraphQLResponseError ? error.operationName : undefined, reason);
}

/**
 * Backend-for-frontend mode: every operation goes to the app's GraphQL proxy with the proxy's
 * cookies, on the page's origin or a separate one (`include`). No key and no token here, so no
 * session to keep: the proxy renews and retries on its side.
 */
export function createProxyClient({ url, fetch: fetchImpl, identity, subscriptions, sendDocumentIds = false }: ProxyClientOptions): AuthClient {
  const store = createStore<AuthState>()(() => ({ status: 'idle', ...NO_SESSION, error: null }));
  const proxyUrl = absoluteUrl(url);
  const withCookies: typeof fetch = (input, init) => fetchImpl(input, { ...init, credentials: 'include' });
  const send = createTransport(proxyUrl, withCookies, clientError, sendDocumentIds ? documentIdOf : undefined);
  const proxy = { what: 'GraphQL proxy', url: proxyUrl, handler: 'createGraphQLProxy', factory: 'graphqlProxy()' };
  const events = createAuthEvents(Date.now);
  let generation = 0;

  function stoppedBy(): Error | null {
    const { status, error } = store.getState();
    if (status === 'signedOut') return new SignedOutError();
    return status === 'error' ? error : null;
  }

  async function request<TData, TVariables extends Variables = Variables>(
    document: GraphQLDocument<TData, TVariables>,
    variables?: TVariables,
    init: RequestInit = {},
  ): Promise<TData> {
    init.signal?.throwIfAborted();
    const stop = stoppedBy();
    if (stop) throw stop;
    const startedIn = generation;
    try {
      const attempt = { document, token: null, retry: false, signal: init.signal };
      const data = await reportedSend(events, Date.now, attempt, (answered) =>
        send(document, variables, { headers: init.headers ?? {}, signal: init.signal, answered }),
      );
      if (generation === startedIn) store.setState({ status: 'authenticated', error: null });
      return data;
    } catch (error) {
      if (error instanceof NoAnswer) throw error.cause;
      if (error instanceof ExpiredAnswer) throw error.giveUp(); // a proxy that let one through
      if (error instanceof ClientError) {
        const { status, body } = error.response;
        const text = typeof body === 'string' ? body : '';
        const failed = appFailure({ status, message: serverMessage(text, status), body: text, retryAfterMs: undefined }, proxy, { cause: error });
        // The service refusing the server's key is the server's to fix: not retried, and the next
        // request asks again (the proxy holds off on its side), so no refresh() is needed after a fix.
        if (failed instanceof ServerCredentialsError) throw failed;
        // The proxy's list refused this operation (an old tab after a deploy, a user not allowed it),
        // not this user: the error is the operation's alone, typed by its reason, and the next one goes out.
        const code = answerCode(text);
        if (status === 403 && code === OPERATION_NOT_ALLOWED) throw operationRefused(error);
        if (REFUSED.has(status) && code !== OPERATION_NOT_ALLOWED) {
          if (generation === startedIn) store.setState({ status: 'error', error: failed });
          throw failed;
        }
      }
      throw error;
    }
  }

  return {
    request,
    getToken: () => Promise.reject(new AuthConfigError('graphqlProxy mode keeps the token on the server')),
    refresh() {
      generation += 1;
      store.setState({ status: 'idle', error: null });
      return Promise.resolve('');
    },
    store,
    identity,
    signOut() {
      generation += 1;
      store.setState({ status: 'signedOut', error: null });
      events.emit({ type: 'signed-out', where: 'here' });
    },
    onSignOut: (listener) => onSignedOut(events, listener),
    onEvent: events.on,
    // Event streams through the proxy (graphql-sse): the proxy holds the token and moves its upstream stream to each new one.
    // No wake watcher (this mode has no renewOnWake): a stream lost while away is made again on its backoff alone.
    subscribe: subscriptions?.open(proxySubscriptionSession(Date.now), events, () => proxyUrl, noAuthorization, withCookies, Date.now, 0, null),
    retain: () => () => undefined, // nothing runs in the background
    dispose: () => undefined,
  };
}

/** Backend-for-frontend mode as a client option, from `graphqlProxy(url)`. */
export interface GraphQLProxyMode {
  readonly kind: 'graphqlProxy';
  readonly url: string;
  /** The client's options as given, read here: what only this mode reads costs an app in another mode nothing. */
  client: (options: { fetch?: typeof fetch | undefined; subscriptions?: SubscriptionsOption | undefined }, identity: AuthIdentity) => AuthClient;
}

/**
 * Backend-for-frontend mode: every operation goes to the app's GraphQL proxy at `url`
 * (createGraphQLProxy); neither key nor token reaches the browser. Pass it as the client's
 * `graphqlProxy` option. `{ sendDocumentIds: true }` sends documents that carry an id by their id.
 */
export function graphqlProxy(url: string, { sendDocumentIds = false }: GraphQLProxyModeOptions = {}): GraphQLProxyMode {
  // JavaScript's 'yes' would read as on and a typo as off: only a boolean says which.
  if (typeof sendDocumentIds !== 'boolean') throw new AuthConfigError('graphqlProxy(url, { sendDocumentIds }) takes true or false');
  return {
    kind: 'graphqlProxy',
    url,
    client: ({ fetch = globalFetch, subscriptions }, identity) => createProxyClient({ url, fetch, identity, subscriptions, sendDocumentIds }),
  };
}
