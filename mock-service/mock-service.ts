// No node: imports: this runs in the browser under MSW as well as in Node.
import { getOperationAST, graphql, OperationTypeNode, parse } from 'graphql';
import { isPreflight, preflightResponse, withCors } from './cors.ts';
import { Gate } from './gate.ts';
import { signJwt, verifyJwt } from './jwt.ts';
import { createDemoApi, parseGraphQLParams, type DemoApi, type GraphQLParams } from './schema.ts';
import { statusText } from './status-text.ts';

export interface MockServiceOptions {
  region?: string; // default 'us'
  validKeys?: string[]; // default ['test-key']
  tokenLifetimeSec?: number; // default 3600
  now?: () => number; // service clock in ms, default Date.now
  /** HMAC secret; default random per instance, so no two services accept each other's tokens. */
  secret?: string;
}

/** Recorded on arrival, so held requests are visible; `status` stays 0 until answered. */
interface RecordedCall {
  time: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  status: number;
}

export interface AuthCall extends RecordedCall {
  token: string | null; // the token issued, if any
}

export interface GraphQLCall extends RecordedCall {
  token: string | null; // bearer token presented
  expired: boolean; // answered the expired body
  operationName: string | null;
}

export type AuthFailure = number | { status: number; body?: string; contentType?: string };
/** A status, or 'reset' for a connection dropped without an answer. */
export type GraphQLFailure = number | 'reset';

export interface MockService {
  readonly region: string;
  handle(request: Request): Promise<Response>;
  tokenLifetimeSec: number;
  expiredStatus: number;
  alwaysExpired: boolean;
  /** CORS headers on every answer, and OPTIONS preflights answered (not recorded). Default true. */
  cors: boolean;
  /**
   * When false, the token-expired answer carries no CORS headers, as some gateways do: a browser
   * then sees only a network error. Default true.
   */
  corsOnExpired: boolean;
  authDelayMs: number;
  graphqlDelayMs: number;
  readonly validKeys: Set<string>;
  expireAllTokensNow(): void;
  expireToken(token: string): void;
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
  readonly authCalls: AuthCall[];
  readonly graphqlCalls: GraphQLCall[];
  readonly issuedTokens: string[];
  readonly appliedMutations: number;
  resetCounters(): void;
  /** Called whenever a call is recorded or answered (for live views such as the demos' request log). */
  subscribe(listener: () => void): () => void;
}

export const EXPIRED_BODY = '{"message":"The incoming token has expired"}';
const JSON_HEADERS = { 'content-type': 'application/json' };
/** Internal header marking the expired answer for the corsOnExpired knob; removed before sending. */
const EXPIRED_MARK = 'x-mock-expired-answer';
const UNAUTHORIZED = { message: 'Unauthorized' };
const MESSAGES: Partial<Record<number, string>> = { 400: 'Bad request', 401: 'Unauthorized' };

const json = (status: number, value: unknown): Response =>
  new Response(JSON.stringify(value), { status, headers: JSON_HEADERS });

function failureResponse(failure: AuthFailure): Response {
  const { status, body, contentType } = typeof failure === 'number' ? { status: failure } : failure;
  const message = status >= 500 ? 'Internal Server Error' : (MESSAGES[status] ?? statusText(status));
  const headers = { 'content-type': contentType ?? 'application/json' };
  return new Response(body ?? JSON.stringify({ message }), { status, headers });
}

function isMutation(source: string, operationName: string | null): boolean {
  try {
    return getOperationAST(parse(source), operationName)?.operation === OperationTypeNode.MUTATION;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function readCall(request: Request, time: number) {
  const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
  // Headers iterate with lower-cased names already.
  const headers = Object.fromEntries(request.headers);
  return { time, method: request.method, url: request.url, headers, body };
}

class MockServiceImpl implements MockService {
  readonly region: string;
  tokenLifetimeSec: number;
  expiredStatus = 401;
  alwaysExpired = false;
  cors = true;
  corsOnExpired = true;
  authDelayMs = 0;
  graphqlDelayMs = 0;
  readonly validKeys: Set<string>;
  readonly authCalls: AuthCall[] = [];
  readonly graphqlCalls: GraphQLCall[] = [];
  readonly issuedTokens: string[] = [];
  #appliedMutations = 0;
  readonly #now: () => number;
  readonly #secret: string;
  readonly #api: DemoApi;
  // Kept apart from issuedTokens so resetCounters() cannot shield old tokens from expireAllTokensNow().
  readonly #issuedJtis: string[] = [];
  // Lets expireToken() stay synchronous although verifying a signature (Web Crypto) is not.
  readonly #jtiByToken = new Map<string, string>();
  readonly #listeners = new Set<() => void>();
  readonly #expiredJtis = new Set<string>();
  readonly #authFailures: AuthFailure[] = [];
  readonly #graphqlFailures: GraphQLFailure[] = [];
  readonly #authGate = new Gate();
  readonly #graphqlGate = new Gate();

  constructor(options: MockServiceOptions) {
    this.region = options.region ?? 'us';
    this.validKeys = new Set(options.validKeys ?? ['test-key']);
    this.tokenLifetimeSec = options.tokenLifetimeSec ?? 3600;
    this.#now = options.now ?? (() => Date.now());
    this.#secret = options.secret ?? randomSecret();
    this.#api = createDemoApi(this.region, this.#now);
  }

  get appliedMutations(): number {
    return this.#appliedMutations;
  }

  // An arrow property so `serve(service.handle)` works unbound.
  readonly handle = async (request: Request): Promise<Response> => {
    if (this.cors && isPreflight(request)) return preflightResponse();
    const response = await this.#route(request);
    // A network-error response (a 'reset' failure) has immutable headers and none to add.
    if (response.type === 'error') return response;
    const bareExpired = !this.corsOnExpired && response.headers.has(EXPIRED_MARK);
    response.headers.delete(EXPIRED_MARK);
    return this.cors && !bareExpired ? withCors(response) : response;
  };

  #route(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === '/v1/auth') return this.#auth(request);
    if (pathname === '/v1/graphql') return this.#graphql(request);
    return Promise.resolve(json(404, { message: 'Not Found' }));
  }

  #changed(): void {
    for (const listener of this.#listeners) listener();
  }

  /** Records on arrival, then delay, then the gate, then decide: knobs set while held still apply. */
  async #run<C extends RecordedCall>(
    request: Request,
    call: C,
    calls: C[],
    delayMs: number,
    gate: Gate,
    answer: (call: C) => Response | Promise<Response>,
  ): Promise<Response> {
    calls.push(call);
    this.#changed();
    let response = json(405, { message: 'Method Not Allowed' });
    if (request.method === 'POST') {
      if (delayMs > 0) await sleep(delayMs);
      await gate.pass();
      response = await answer(call);
    }
    call.status = response.status;
    this.#changed();
    return response;
  }

  async #auth(request: Request): Promise<Response> {
    const call: AuthCall = { ...(await readCall(request, this.#now())), status: 0, token: null };
    const answer = (c: AuthCall) => this.#authAnswer(c);
    return this.#run(request, call, this.authCalls, this.authDelayMs, this.#authGate, answer);
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
    if (!this.validKeys.has(key)) return json(401, UNAUTHORIZED);
    const iat = Math.floor(this.#now() / 1000);
    const jti = crypto.randomUUID();
    const exp = iat + this.tokenLifetimeSec;
    const sub = this.#api.store.viewer.id;
    const token = await signJwt({ sub, iat, exp, jti, iss: `mock-${this.region}` }, this.#secret);
    this.#issuedJtis.push(jti);
    this.#jtiByToken.set(token, jti);
    this.issuedTokens.push(token);
    call.token = token;
    return json(200, { token });
  }

  async #graphql(request: Request): Promise<Response> {
    const authorization = request.headers.get('authorization') ?? '';
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] ?? null;
    const base = await readCall(request, this.#now());
    const params = parseGraphQLParams(base.body);
    const operationName = typeof params === 'string' ? null : params.operationName;
    const call: GraphQLCall = { ...base, status: 0, token, expired: false, operationName };
    const answer = (c: GraphQLCall) => this.#graphqlAnswer(c, params);
    return this.#run(request, call, this.graphqlCalls, this.graphqlDelayMs, this.#graphqlGate, answer);
  }

  async #graphqlAnswer(call: GraphQLCall, params: GraphQLParams | string): Promise<Response> {
    const claims = call.token === null ? null : await verifyJwt(call.token, this.#secret);
    if (claims === null) return json(401, UNAUTHORIZED);
    // JWT exp means "not accepted on or after", hence >=.
    if (this.alwaysExpired || this.#expiredJtis.has(claims.jti) || this.#now() >= claims.exp * 1000) {
      call.expired = true;
      return new Response(EXPIRED_BODY, { status: this.expiredStatus, headers: { ...JSON_HEADERS, [EXPIRED_MARK]: '1' } });
    }
    if (typeof params === 'string') return json(400, { errors: [{ message: params }] });
    const { schema, rootValue } = this.#api;
    const { query: source, variables: variableValues, operationName } = params;
    const result = await graphql({ schema, source, rootValue, variableValues, operationName });
    // A mutation that got as far as executing counts, whatever its resolvers answered: a replayed
    // pause_op fails on the already paused op, yet the service ran it twice.
    if ('data' in result && isMutation(source, operationName)) this.#appliedMutations += 1;
    const failure = this.#graphqlFailures.shift();
    // Response.error() is a network error for fetch and MSW alike; serve() turns it into a socket reset.
    if (failure === 'reset') return Response.error();
    if (failure !== undefined) return json(failure, { message: 'Internal Server Error' });
    return json(200, result);
  }

  // Arrow properties, like handle, so tests may pass them around detached.
  readonly expireAllTokensNow = (): void => {
    for (const jti of this.#issuedJtis) this.#expiredJtis.add(jti);
  };
  readonly expireToken = (token: string): void => {
    const jti = this.#jtiByToken.get(token);
    if (jti !== undefined) this.#expiredJtis.add(jti);
  };
  readonly queueAuthFailures = (...failures: AuthFailure[]): void => void this.#authFailures.push(...failures);
  readonly queueGraphqlFailures = (...failures: GraphQLFailure[]): void =>
    void this.#graphqlFailures.push(...failures);
  readonly pauseAuth = (): (() => void) => this.#authGate.pause();
  readonly pauseGraphql = (): (() => void) => this.#graphqlGate.pause();

  resetCounters(): void {
    // Truncate in place so arrays a test already holds stay live.
    this.authCalls.length = 0;
    this.graphqlCalls.length = 0;
    this.issuedTokens.length = 0;
    this.#appliedMutations = 0;
    this.#changed();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };
}

export function createMockService(options: MockServiceOptions = {}): MockService {
  return new MockServiceImpl(options);
}
