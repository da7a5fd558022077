// No node: imports: this runs in the browser under MSW as well as in Node.
import { graphql, type GraphQLSchema } from 'graphql';
// The client's own tag function, so a token reads the same in this log as in its events and devtools.
import { tokenTag } from '../core/sources/fingerprint.ts';
import { isPreflight, preflightResponse, withCors } from './cors.ts';
import { executableSchema, type MockContext, type MockSchema } from './executable-schema.ts';
import { Gate } from './gate.ts';
import { isMutation, parseGraphQLParams, type GraphQLParams } from './graphql-params.ts';
import { signJwt, verifyJwt } from './jwt.ts';
import { listenOn, type Listening, type ListenOptions, type Peer, type Upgrades } from './listen.ts';
import { mswHandlersFor, type MswHandler, type MswHttp } from './msw-handlers.ts';
import type { AuthCall, GraphQLCall, LoggedRequest, RecordedCall, SubscriptionConnection } from './records.ts';
import { EventTopics } from './event-topics.ts';
import { type Admitted, createSseHandler, createWsUpgrade, SSE_PATH, type SubscriptionGate, type WsUpgrade, WS_PATHS } from './subscription-servers.ts';
import type { JwtClaims } from './jwt.ts';
import { keyNumberOf, type RegionKeys, subjectFor } from './api-keys.ts';
import { type ApiKeysOption, keysByRegion, regionBaseUrls, type RegionsOption, routeOf } from './regions.ts';
import { statusText } from './status-text.ts';

/** Everything but the schema: where the service answers, whom it lets in, for how long. */
export interface MockServiceSettings {
  /** Default `['us']`, answered at `https://us.mock-service.test` by `handle` and the MSW handlers. */
  regions?: RegionsOption;
  /** Default `['test-key']` in every region. */
  apiKeys?: ApiKeysOption;
  /** Default 3600, as the real service. */
  tokenLifetimeSec?: number;
  /**
   * Characters of a `scope` claim added to every token, to issue tokens the size of real ones (a JWT
   * with roles and permissions passes 2 KB); default 0, no such claim.
   */
  tokenScopeChars?: number;
  /** Service clock in ms, default Date.now. */
  now?: () => number;
  /** HMAC secret, as `${secret}/${region}` per region; default random per region and instance, so no two accept each other's tokens. */
  secret?: string;
  /**
   * The payload `publish(topic)` and `emitEvery()` send when given none (the demo's: a pentest's next
   * state, its next action log). Without it, `{ topic }`.
   */
  nextEvent?: (topic: string, region: string, now: number) => Readonly<Record<string, unknown>>;
  /**
   * Loads graphql-sse's fetch handler for the event streams: `() => import('graphql-sse/lib/use/fetch')`.
   * Node and Vitest need not give it (the mock imports it on first use); a browser bundle (the mock
   * behind MSW in a page, a Storybook demo) must, as a bundler includes only what an import names.
   */
  loadSseHandler?: () => Promise<unknown>;
}

export type MockServiceOptions = MockSchema & MockServiceSettings;

/** A status, or a status with its body and extra headers (`retry-after` on a 429, say). */
export type AuthFailure = number | { status: number; body?: string; contentType?: string; headers?: Record<string, string> };
/** A status, a status with extra headers, or 'reset' for a connection dropped without an answer. */
export type GraphQLFailure = number | 'reset' | { status: number; headers?: Record<string, string> };

export interface MockService {
  /** Region → base address that `handle` and `mswHandlers()` answer: pass it to `<AuthProvider regions>`. */
  readonly regions: Readonly<Record<string, string>>;
  /** The fetch-standard handler: `/v1/auth` and `/v1/graphql` below each region's base address. */
  readonly handle: (request: Request) => Promise<Response>;
  /**
   * MSW handlers for every region. msw is an optional peer: in Node and Vitest it is imported on first
   * use; in a browser bundle pass its `http` (`import { http } from 'msw'`), so the bundler includes it.
   */
  mswHandlers(http?: MswHttp): Promise<MswHandler[]>;
  /** Serves every region on 127.0.0.1 (Node only), the first on `port`, the next on the ports after it. */
  listen(options?: ListenOptions): Promise<Listening>;

  tokenLifetimeSec: number;
  /** HTTP status of the token-expired answer (the contract leaves it open). Default 401. */
  expiredStatus: number;
  /** Every GraphQL call is answered as expired while set. */
  alwaysExpired: boolean;
  /**
   * While set, /v1/auth hands out the latest token it issued as long as that one is valid, as a
   * caching gateway does: its `iat` then lies before the request. Default false.
   */
  reuseTokens: boolean;
  /** CORS headers on every answer, and OPTIONS preflights answered (not recorded). Default true. */
  cors: boolean;
  /**
   * When false, the token-expired answer carries no CORS headers, as some gateways do: a browser
   * then sees only a network error (the MSW handlers turn it into one). Default true.
   */
  corsOnExpired: boolean;
  /** Latency added to each /v1/auth answer. */
  authDelayMs: number;
  /** Latency added to each /v1/graphql answer. */
  graphqlDelayMs: number;
  /**
   * Latency before each subscription starts listening, once its operation arrived: a server that
   * looks the operation up first. The connection is acknowledged at once; events published meanwhile
   * do not reach it.
   */
  subscribeDelayMs: number;
  /**
   * When false, a subscription connection's token is checked at connect only: the connection outlives
   * the token's expiry, as with servers that authenticate in `onConnect` alone (a revoked token still
   * ends it). Default true.
   */
  endsSubscriptionsAtExpiry: boolean;
  /**
   * Every token issued so far now answers as expired; returns how many that is. Served on a port
   * (listen(), the CLI), `POST /__mock/expire-tokens` from 127.0.0.1 or ::1 with `Content-Type:
   * application/json` does the same.
   */
  expireTokensNow(): number;
  expireToken(token: string): void;
  /** The next `count` /v1/auth calls fail with `failure` (default 503). */
  failNextAuthCalls(count: number, failure?: AuthFailure): void;
  /** The next /v1/auth calls fail with these, in order. */
  queueAuthFailures(...failures: AuthFailure[]): void;
  /**
   * The next GraphQL calls with a valid token run their operation and then fail with these, in
   * order: the case where a client cannot know whether a mutation was applied.
   */
  queueGraphqlFailures(...failures: GraphQLFailure[]): void;
  /**
   * Holds every /v1/auth answer until release(). The answer is decided after release, so knobs
   * changed while requests are held (expiry, failures) apply to them.
   */
  pauseAuth(): () => void;
  pauseGraphql(): () => void;
  addApiKey(key: string, region?: string): void;
  removeApiKey(key: string, region?: string): void;

  /** Every call, in arrival order, with tokens as tags and no key: what `npm run mock-service -- --log` prints. */
  readonly requests: readonly LoggedRequest[];
  readonly authCalls: readonly AuthCall[];
  readonly graphqlCalls: readonly GraphQLCall[];
  readonly issuedTokens: readonly string[];
  /** Mutations the service executed (whatever their resolvers answered): a replay counts twice. */
  readonly appliedMutations: number;
  /** A token's tag, the one the client's events and `<AuthDevtools />` show (`tokenTag` of /core); `—` for none. */
  tokenTag(token: string | null): string;
  /** Empties the records (in place) and zeroes the count; data, tokens and knobs stay. */
  resetCounters(): void;
  /** Called whenever a call is recorded or answered (for live views such as the demos' request log). */
  subscribe(listener: () => void): () => void;

  /**
   * Subscriptions, served by `listen()` (Node): graphql-ws at `ws://…/v1/graphql` (the token in the
   * `connection_init` payload's `authorization`, as `Bearer <token>`) and graphql-sse at
   * `…/v1/graphql/stream` (the `Authorization` header); `handle` and the MSW handlers serve the
   * event streams too. ws, graphql-ws and graphql-sse are optional peers, imported on first use. A
   * connection's token is checked at connect; when it expires or is revoked the connection ends:
   * close code 4401 on a WebSocket, the expired message as a GraphQL error on an event stream.
   *
   * `publish` sends an event to every subscription open on `topic` (a Subscription field's
   * `context.events(topic)`) in `region` (default the first); the payload defaults to `nextEvent`'s.
   * Returns the event's `seq`: 1, 2, … per topic, whichever connection carries it.
   */
  publish(topic: string, payload?: Readonly<Record<string, unknown>>, region?: string): number;
  /** Publishes to every topic with a subscription open, every `intervalMs`, until the returned stop is called. */
  emitEvery(intervalMs: number): () => void;
  /** Every subscription connection, in arrival order (emptied by resetCounters). */
  readonly subscriptionConnections: readonly SubscriptionConnection[];
}

const EXPIRED_MESSAGE = 'The incoming token has expired';
export const EXPIRED_BODY = JSON.stringify({ message: EXPIRED_MESSAGE });

/** Expires every token issued so far when posted from this machine to a port the mock listens on. */
export const EXPIRE_TOKENS_PATH = '/__mock/expire-tokens';
/**
 * The mock's own knobs. A page of any site may send a simple POST to 127.0.0.1: a knob takes only
 * `Content-Type: application/json`, which a browser sends cross-origin only after a preflight, and
 * no preflight to a knob is answered, nor any answer of a knob given CORS headers.
 */
const KNOBS = '/__mock/';
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const JSON_HEADERS = { 'content-type': 'application/json' };
/** Internal header marking the expired answer for the corsOnExpired knob; removed before sending. */
const EXPIRED_MARK = 'x-mock-expired-answer';
const UNAUTHORIZED = { message: 'Unauthorized' };
const MESSAGES: Partial<Record<number, string>> = { 400: 'Bad request', 401: 'Unauthorized' };

/** `application/json`, parameters allowed: a type no page of another site sends without a preflight. */
const isJsonType = (contentType: string | null) => contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';

const json = (status: number, value: unknown): Response => new Response(JSON.stringify(value), { status, headers: JSON_HEADERS });

function failureResponse(failure: AuthFailure): Response {
  const { status, body, contentType, headers: extra } = typeof failure === 'number' ? { status: failure } : failure;
  const message = status >= 500 ? 'Internal Server Error' : (MESSAGES[status] ?? statusText(status));
  const headers = { ...extra, 'content-type': contentType ?? 'application/json' };
  return new Response(body ?? JSON.stringify({ message }), { status, headers });
}

/** The token of `Bearer <token>`, else null. */
const bearerToken = (authorization: string | null): string | null => /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? null;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function readCall(region: string, request: Request, time: number) {
  const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
  // Headers iterate with lower-cased names already.
  const headers = Object.fromEntries(request.headers);
  return { region, time, method: request.method, url: request.url, headers, body, clientGone: false };
}

class MockServiceImpl implements MockService {
  readonly regions: Readonly<Record<string, string>>;
  tokenLifetimeSec: number;
  readonly #scopeChars: number;
  expiredStatus = 401;
  alwaysExpired = false;
  reuseTokens = false;
  cors = true;
  corsOnExpired = true;
  authDelayMs = 0;
  graphqlDelayMs = 0;
  subscribeDelayMs = 0;
  endsSubscriptionsAtExpiry = true;
  readonly requests: LoggedRequest[] = [];
  readonly authCalls: AuthCall[] = [];
  readonly graphqlCalls: GraphQLCall[] = [];
  readonly issuedTokens: string[] = [];
  #appliedMutations = 0;
  readonly #now: () => number;
  readonly #secrets: ReadonlyMap<string, string>;
  readonly #keys: ReadonlyMap<string, RegionKeys>;
  readonly #schema: GraphQLSchema;
  readonly #rootValue: unknown;
  // Kept apart from issuedTokens so resetCounters() cannot shield old tokens from expireTokensNow().
  readonly #issuedJtis: string[] = [];
  // Lets expireToken() stay synchronous although verifying a signature (Web Crypto) is not.
  readonly #jtiByToken = new Map<string, string>();
  readonly #listeners = new Set<() => void>();
  readonly #expiredJtis = new Set<string>();
  readonly #authFailures: AuthFailure[] = [];
  readonly #graphqlFailures: GraphQLFailure[] = [];
  readonly #authGate = new Gate();
  readonly #graphqlGate = new Gate();
  readonly #topics = new EventTopics();
  readonly #nextEvent: MockServiceSettings['nextEvent'];
  readonly #loadSseHandler: MockServiceSettings['loadSseHandler'];
  readonly subscriptionConnections: SubscriptionConnection[] = [];
  /** Open subscription connections by their token's jti: a revoked token ends them. */
  readonly #live = new Map<string, Set<() => void>>();
  #wsUpgrade: Promise<WsUpgrade> | null = null;
  readonly #sseHandlers = new Map<string, Promise<(request: Request) => Promise<Response>>>();
  /** What the subscription servers ask of the service: its schema and its token rules. */
  readonly #gate: SubscriptionGate;

  constructor(options: MockServiceOptions) {
    this.regions = regionBaseUrls(options.regions);
    const names = Object.keys(this.regions);
    this.#keys = keysByRegion(options.apiKeys ?? ['test-key'], names);
    this.#secrets = new Map(names.map((name) => [name, options.secret === undefined ? randomSecret() : `${options.secret}/${name}`]));
    this.tokenLifetimeSec = options.tokenLifetimeSec ?? 3600;
    this.#scopeChars = options.tokenScopeChars ?? 0;
    this.#now = options.now ?? (() => Date.now());
    this.#nextEvent = options.nextEvent;
    this.#loadSseHandler = options.loadSseHandler;
    ({ schema: this.#schema, rootValue: this.#rootValue } = executableSchema(options));
    this.#gate = {
      schema: this.#schema,
      expiredMessage: EXPIRED_MESSAGE,
      subscribeDelayMs: () => this.subscribeDelayMs,
      admit: (transport, region, authorization) => this.#admit(transport, region, authorization),
      expiredAnswer: () => ({ status: this.expiredStatus, body: EXPIRED_BODY }),
    };
  }

  get appliedMutations(): number {
    return this.#appliedMutations;
  }

  // Arrow properties, so `serve(service.handle)` and destructured knobs work unbound.
  readonly handle = (request: Request): Promise<Response> => {
    const route = routeOf(new URL(request.url), this.regions);
    if (route === null) return Promise.resolve(json(404, { message: 'No region of this mock service at this address' }));
    return this.handleRegion(route.region, route.path, request);
  };

  /** Answers a request already routed to a region (listen() serves one region per port). */
  readonly handleRegion = async (region: string, path: string, request: Request, peer?: Peer): Promise<Response> => {
    const cors = this.cors && !path.startsWith(KNOBS);
    if (cors && isPreflight(request)) return preflightResponse();
    const response = path === EXPIRE_TOKENS_PATH ? this.#expireOnRequest(region, request, peer) : await this.#route(region, path, request);
    // A network-error response (a 'reset' failure) has immutable headers and none to add.
    if (response.type === 'error') return response;
    const bareExpired = !this.corsOnExpired && response.headers.has(EXPIRED_MARK);
    response.headers.delete(EXPIRED_MARK);
    return cors && !bareExpired ? withCors(response) : response;
  };

  mswHandlers(http?: MswHttp): Promise<MswHandler[]> {
    return mswHandlersFor(this, http);
  }

  listen(options?: ListenOptions): Promise<Listening> {
    const upgrades: Upgrades = {
      upgrade: (region, request, socket, head) => {
        if (!WS_PATHS.has(new URL(request.url ?? '/', 'http://mock').pathname)) {
          socket.destroy();
          return;
        }
        this.#wsUpgrade ??= createWsUpgrade(this.#gate);
        this.#wsUpgrade.then(
          (ws) => {
            ws.upgrade(region, request, socket, head);
          },
          () => socket.destroy(),
        );
      },
      close: async () => {
        (await this.#wsUpgrade?.catch(() => undefined))?.close();
      },
    };
    return listenOn(this.regions, this.handleRegion, options, upgrades);
  }

  /**
   * The expiry on demand, for a person watching an app recover: only from this machine (the socket's
   * address, never a header), and only when served on a port; anyone else sees no such path.
   */
  #expireOnRequest(region: string, request: Request, peer: Peer | undefined): Response {
    const entry = this.#log(region, request.method, EXPIRE_TOKENS_PATH, null, '—');
    const response = this.#expiryAnswer(request, peer);
    entry.status = response.status;
    this.#changed();
    return response;
  }

  #expiryAnswer(request: Request, peer: Peer | undefined): Response {
    if (peer === undefined || !LOOPBACK.has(peer.address ?? '')) return json(404, { message: 'Not Found' });
    if (request.method !== 'POST') return json(405, { message: 'Method Not Allowed' });
    if (!isJsonType(request.headers.get('content-type'))) return json(415, { message: 'Send Content-Type: application/json' });
    return json(200, { expired: this.expireTokensNow() });
  }

  async #route(region: string, path: string, request: Request): Promise<Response> {
    // The gateway serves both forms; the service's own CLI posts to /v1/graphql/.
    if (path === '/v1/auth' || path === '/v1/auth/') return this.#auth(region, request);
    if (path === '/v1/graphql' || path === '/v1/graphql/') return this.#graphql(region, request);
    if (path === SSE_PATH) return this.#eventStream(region, request);
    const entry = this.#log(region, request.method, path, null, '—');
    entry.status = 404;
    this.#changed();
    return json(404, { message: 'Not Found' });
  }

  #changed(): void {
    for (const listener of this.#listeners) listener();
  }

  #log(region: string, method: string, path: string, operationName: string | null, tokenTag: string): LoggedRequest {
    const entry: LoggedRequest = { region, time: this.#now(), method, path, status: 0, tokenTag, operationName };
    this.requests.push(entry);
    return entry;
  }

  /** Records on arrival, then delay, then the gate, then decide: knobs set while held still apply. */
  async #run<C extends RecordedCall>(
    request: Request,
    call: C,
    entry: LoggedRequest,
    calls: C[],
    delayMs: number,
    gate: Gate,
    answer: (call: C) => Response | Promise<Response>,
  ): Promise<Response> {
    calls.push(call);
    this.#changed();
    request.signal.addEventListener('abort', () => {
      if (call.status !== 0) return;
      call.clientGone = true;
      this.#changed();
    });
    let response = json(405, { message: 'Method Not Allowed' });
    if (request.method === 'POST') {
      if (delayMs > 0) await sleep(delayMs);
      await gate.pass();
      response = await answer(call);
    }
    call.status = response.status;
    entry.status = response.status;
    this.#changed();
    return response;
  }

  async #auth(region: string, request: Request): Promise<Response> {
    const call: AuthCall = { ...(await readCall(region, request, this.#now())), status: 0, token: null };
    const entry = this.#log(region, request.method, '/v1/auth', null, '—');
    const answer = async (c: AuthCall) => {
      const response = await this.#authAnswer(c);
      entry.tokenTag = this.tokenTag(c.token);
      return response;
    };
    return this.#run(request, call, entry, this.authCalls, this.authDelayMs, this.#authGate, answer);
  }

  async #authAnswer(call: AuthCall): Promise<Response> {
    const failure = this.#authFailures.shift();
    if (failure !== undefined) return failureResponse(failure);
    let key: unknown;
    try {
      key = (JSON.parse(call.body) as { key?: unknown } | null)?.key;
    } catch {
      return json(400, { message: 'Request body must be JSON' });
    }
    if (typeof key !== 'string') return json(400, { message: 'Request body needs a string "key"' });
    const keyNumber = this.#keysOf(call.region).numberOf(key);
    if (keyNumber === null) return json(401, UNAUTHORIZED);
    const reused = this.reuseTokens ? await this.#latestValidToken(call.region) : null;
    if (reused !== null) {
      call.token = reused;
      return json(200, { token: reused });
    }
    const iat = Math.floor(this.#now() / 1000);
    const jti = crypto.randomUUID();
    const exp = iat + this.tokenLifetimeSec;
    // Which key, never the key itself: the token is readable by anyone holding it.
    const sub = subjectFor(call.region, keyNumber);
    const scope = this.#scopeChars > 0 ? { scope: 'pentests:read '.repeat(Math.ceil(this.#scopeChars / 14)).slice(0, this.#scopeChars) } : {};
    const token = await signJwt({ sub, iat, exp, jti, iss: `mock-${call.region}`, ...scope }, this.#secretOf(call.region));
    this.#issuedJtis.push(jti);
    this.#jtiByToken.set(token, jti);
    this.issuedTokens.push(token);
    call.token = token;
    return json(200, { token });
  }

  async #latestValidToken(region: string): Promise<string | null> {
    const token = this.issuedTokens[this.issuedTokens.length - 1];
    const claims = token === undefined ? null : await verifyJwt(token, this.#secretOf(region));
    if (token === undefined || claims === null || this.#expiredJtis.has(claims.jti)) return null;
    return this.#now() < claims.exp * 1000 ? token : null;
  }

  async #graphql(region: string, request: Request): Promise<Response> {
    const token = bearerToken(request.headers.get('authorization'));
    const base = await readCall(region, request, this.#now());
    const params = parseGraphQLParams(base.body);
    const operationName = typeof params === 'string' ? null : params.operationName;
    const call: GraphQLCall = { ...base, status: 0, token, expired: false, operationName };
    const entry = this.#log(region, request.method, '/v1/graphql', operationName, this.tokenTag(token));
    const answer = (c: GraphQLCall) => this.#graphqlAnswer(c, params);
    return this.#run(request, call, entry, this.graphqlCalls, this.graphqlDelayMs, this.#graphqlGate, answer);
  }

  /** A presented token's claims, or why the service turns it away: the same rules for requests and subscriptions. */
  async #checkToken(region: string, token: string | null): Promise<JwtClaims | 'expired' | 'refused'> {
    const claims = token === null ? null : await verifyJwt(token, this.#secretOf(region));
    if (claims === null) return 'refused';
    // JWT exp means "not accepted on or after", hence >=.
    if (this.alwaysExpired || this.#expiredJtis.has(claims.jti) || this.#now() >= claims.exp * 1000) return 'expired';
    return claims;
  }

  #contextFor(region: string, claims: JwtClaims): MockContext {
    return { region, subject: claims.sub, keyNumber: keyNumberOf(claims.sub), now: this.#now, events: (topic) => this.#topics.events(region, topic) };
  }

  async #graphqlAnswer(call: GraphQLCall, params: GraphQLParams | string): Promise<Response> {
    const claims = await this.#checkToken(call.region, call.token);
    if (claims === 'refused') return json(401, UNAUTHORIZED);
    if (claims === 'expired') {
      call.expired = true;
      return new Response(EXPIRED_BODY, { status: this.expiredStatus, headers: { ...JSON_HEADERS, [EXPIRED_MARK]: '1' } });
    }
    if (typeof params === 'string') return json(400, { errors: [{ message: params }] });
    const { query: source, variables: variableValues, operationName } = params;
    const contextValue = this.#contextFor(call.region, claims);
    const result = await graphql({ schema: this.#schema, source, rootValue: this.#rootValue, contextValue, variableValues, operationName });
    // A mutation that got as far as executing counts, whatever its resolvers answered: a replayed
    // pause_op fails on the already paused op, yet the service ran it twice.
    if ('data' in result && isMutation(source, operationName)) this.#appliedMutations += 1;
    const failure = this.#graphqlFailures.shift();
    // Response.error() is a network error for fetch and MSW alike; listen() turns it into a socket reset.
    if (failure === 'reset') return Response.error();
    if (failure === undefined) return json(200, result);
    const { status, headers } = typeof failure === 'number' ? { status: failure } : failure;
    const message = status >= 500 ? 'Internal Server Error' : statusText(status);
    return new Response(JSON.stringify({ message }), { status, headers: { ...headers, ...JSON_HEADERS } });
  }

  /** graphql-sse's handler for the region, made on first use. */
  async #eventStream(region: string, request: Request): Promise<Response> {
    let handler = this.#sseHandlers.get(region);
    if (handler === undefined) this.#sseHandlers.set(region, (handler = createSseHandler(this.#gate, region, this.#loadSseHandler)));
    const entry = this.#log(region, request.method, SSE_PATH, null, this.tokenTag(bearerToken(request.headers.get('authorization'))));
    const response = await (await handler)(request);
    entry.status = response.status;
    this.#changed();
    return response;
  }

  /**
   * A subscription connection's token checked as a request's, then watched: its expiry (or its
   * revocation by expireToken/expireTokensNow) ends the connection.
   */
  async #admit(transport: 'ws' | 'sse', region: string, authorization: string | null): Promise<Admitted | 'expired' | 'refused'> {
    const token = bearerToken(authorization);
    const verdict = await this.#checkToken(region, token);
    const record: SubscriptionConnection = {
      transport,
      region,
      time: this.#now(),
      tokenTag: this.tokenTag(token),
      state: typeof verdict === 'string' ? verdict : 'open',
      subscriptions: 0,
      endedForExpiry: false,
    };
    this.subscriptionConnections.push(record);
    this.#changed();
    if (typeof verdict === 'string') return verdict;
    const { jti } = verdict;
    let end: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => {
      end = resolve;
    });
    const timer = this.endsSubscriptionsAtExpiry ? setTimeout(end, Math.max(0, verdict.exp * 1000 - this.#now())) : undefined;
    let ending = this.#live.get(jti);
    if (ending === undefined) this.#live.set(jti, (ending = new Set()));
    ending.add(end);
    return {
      context: this.#contextFor(region, verdict),
      ended,
      subscribed: () => {
        record.subscriptions += 1;
        this.#changed();
      },
      closed: (forExpiry) => {
        clearTimeout(timer);
        ending.delete(end);
        if (record.state !== 'open') return;
        record.state = 'closed';
        record.endedForExpiry = forExpiry;
        this.#changed();
      },
    };
  }

  /** Ends the open subscription connections of the tokens just expired. */
  #endConnections(jtis: Iterable<string>): void {
    for (const jti of jtis) for (const end of this.#live.get(jti) ?? []) end();
  }

  readonly publish = (topic: string, payload?: Readonly<Record<string, unknown>>, region?: string): number => {
    const name = region ?? Object.keys(this.regions)[0] ?? '';
    const seq = this.#topics.publish(name, topic, payload ?? this.#nextEvent?.(topic, name, this.#now()) ?? { topic });
    this.#changed();
    return seq;
  };

  readonly emitEvery = (intervalMs: number): (() => void) => {
    const timer = setInterval(() => {
      for (const [region, topic] of this.#topics.open()) this.publish(topic, undefined, region);
    }, intervalMs);
    // A test's or the CLI's process ends when its work does, not when this ticker says.
    (timer as { unref?: () => void }).unref?.();
    return () => {
      clearInterval(timer);
    };
  };

  #secretOf(region: string): string {
    const secret = this.#secrets.get(region);
    if (secret === undefined) throw new Error(`No region "${region}" in this mock service`);
    return secret;
  }

  #keysOf(region: string | undefined): RegionKeys {
    const name = region ?? Object.keys(this.regions)[0] ?? '';
    const keys = this.#keys.get(name);
    if (keys === undefined) throw new TypeError(`No region "${name}" in this mock service; it has ${Object.keys(this.regions).join(', ')}`);
    return keys;
  }

  readonly expireTokensNow = (): number => {
    for (const jti of this.#issuedJtis) this.#expiredJtis.add(jti);
    this.#endConnections(this.#issuedJtis);
    this.#changed();
    return this.#issuedJtis.length;
  };
  readonly expireToken = (token: string): void => {
    const jti = this.#jtiByToken.get(token);
    if (jti === undefined) return;
    this.#expiredJtis.add(jti);
    this.#endConnections([jti]);
  };
  readonly failNextAuthCalls = (count: number, failure: AuthFailure = 503): void => {
    this.queueAuthFailures(...Array.from({ length: count }, () => failure));
  };
  readonly queueAuthFailures = (...failures: AuthFailure[]): void => void this.#authFailures.push(...failures);
  readonly queueGraphqlFailures = (...failures: GraphQLFailure[]): void => void this.#graphqlFailures.push(...failures);
  readonly pauseAuth = (): (() => void) => this.#authGate.pause();
  readonly pauseGraphql = (): (() => void) => this.#graphqlGate.pause();
  readonly addApiKey = (key: string, region?: string): void => {
    this.#keysOf(region).add(key);
  };
  readonly removeApiKey = (key: string, region?: string): void => {
    this.#keysOf(region).remove(key);
  };
  readonly tokenTag = (token: string | null): string => (token === null ? '—' : tokenTag(token));

  readonly resetCounters = (): void => {
    // Truncate in place so arrays a test already holds stay live.
    this.requests.length = 0;
    this.authCalls.length = 0;
    this.graphqlCalls.length = 0;
    this.issuedTokens.length = 0;
    this.subscriptionConnections.length = 0;
    this.#appliedMutations = 0;
    this.#changed();
  };

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };
}

/**
 * A service that keeps the authentication contract (API key → short-lived JWT, the expired answer)
 * in front of the GraphQL schema you give it, with knobs to stage expiry and failures.
 */
export function createMockService(options: MockServiceOptions): MockService {
  return new MockServiceImpl(options);
}
