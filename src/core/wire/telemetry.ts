/**
 * OpenTelemetry, when the app has it. The OpenTelemetry API registers its providers on a global
 * (`Symbol.for('opentelemetry.js.api.1')`, shared by every copy of @opentelemetry/api 1.x so that
 * they agree); reading that global means this library imports nothing of OpenTelemetry: without it
 * nothing is loaded, no bundler has to resolve an optional package, and every call below is a no-op.
 * Attributes never carry a key, a token, variables or a response body.
 *
 * A server concern: the server entries hand `serverTelemetry` to the clients they build (through
 * buildAuthClient's Ownership), so a browser bundle carries none of this; an app sees its client's
 * life through `client.onEvent`.
 */
import { AuthRequestError, AuthServerError, InvalidApiKeyError } from '../errors/index.js';

export type Attributes = Record<string, string | number | boolean>;

/**
 * What one client adds to everything it records: nothing, or on a server the tenant label the app
 * vouches for (see the handlers' `tenantLabel`). Read at each recording: a session's label may change.
 */
export type Labels = () => Attributes;

interface SpanLike {
  setAttributes: (attributes: Attributes) => unknown;
  setStatus: (status: { code: number; message?: string }) => unknown;
  end: () => void;
}

interface OtelGlobal {
  trace?: { getTracer: (name: string, version?: string) => { startSpan: (name: string, options?: { attributes?: Attributes; kind?: number }) => SpanLike } };
  metrics?: {
    getMeter: (
      name: string,
      version?: string,
    ) => {
      createCounter: (name: string, options?: { description?: string; unit?: string }) => { add: (value: number, attributes?: Attributes) => void };
      createHistogram: (name: string, options?: { description?: string; unit?: string }) => { record: (value: number, attributes?: Attributes) => void };
    };
  };
}

const OTEL_API = Symbol.for('opentelemetry.js.api.1');
const SCOPE = 'graphql-jwt-auth-react';
const SPAN_KIND_CLIENT = 2;
const STATUS_ERROR = 2;

/** The names of the library's spans and instruments, listed in the README. */
export const TELEMETRY = {
  exchangeSpan: 'graphql-jwt-auth /v1/auth',
  proxySpan: 'graphql-jwt-auth proxy',
  cacheSpan: 'graphql-jwt-auth cache',
  exchanges: 'graphql_jwt_auth.auth.exchanges',
  exchangeDuration: 'graphql_jwt_auth.auth.exchange.duration',
  expiredAnswers: 'graphql_jwt_auth.graphql.expired_answers',
  retries: 'graphql_jwt_auth.graphql.retries',
  cacheDegradations: 'graphql_jwt_auth.cache.degradations',
  refusedOperations: 'graphql_jwt_auth.proxy.refused_operations',
} as const;

/** A GraphQL name, `[_A-Za-z][_0-9A-Za-z]*`, of at most this many characters is recorded as sent. */
const MAX_RECORDED_NAME = 100;
const GRAPHQL_NAME = /^[_A-Za-z]\w*$/;

/**
 * The `graphql.operation.name` a span records: a client's name (sent, or read from its query) when
 * it is a GraphQL name of at most 100 characters, else '' as for an anonymous operation. A client
 * sends anything, and a span held a 921,600-character name with line breaks and terminal escapes.
 */
export function recordedOperationName(name: string | null | undefined): string {
  return typeof name === 'string' && name.length <= MAX_RECORDED_NAME && GRAPHQL_NAME.test(name) ? name : '';
}

const otel = () => (globalThis as Record<symbol, OtelGlobal | undefined>)[OTEL_API];

/** Runs `work` in a span when a tracer provider is registered; `describe` adds what the outcome says. */
export async function inSpan<T>(
  name: string,
  attributes: Attributes | (() => Attributes),
  work: () => Promise<T>,
  describe: (outcome: { value?: T; error?: unknown }) => Attributes,
): Promise<T> {
  const tracer = otel()?.trace?.getTracer(SCOPE);
  if (tracer === undefined) return work();
  // Attributes that cost a scan (an operation name) are only worked out when a span records them.
  const span = tracer.startSpan(name, { attributes: typeof attributes === 'function' ? attributes() : attributes, kind: SPAN_KIND_CLIENT });
  try {
    const value = await work();
    span.setAttributes(describe({ value }));
    return value;
  } catch (error) {
    span.setAttributes(describe({ error }));
    span.setStatus({ code: STATUS_ERROR, message: error instanceof Error ? error.name : 'error' });
    throw error;
  } finally {
    span.end();
  }
}

type Meter = ReturnType<NonNullable<OtelGlobal['metrics']>['getMeter']>;
type InstrumentName = (typeof TELEMETRY)[keyof typeof TELEMETRY];

/** Instruments made once per meter: a provider registered later (or replaced) gets its own. */
const made = new WeakMap<Meter, Map<string, unknown>>();

function instrument<T>(name: InstrumentName, create: (meter: Meter) => T): T | undefined {
  const meter = otel()?.metrics?.getMeter(SCOPE);
  if (meter === undefined) return undefined;
  let byName = made.get(meter);
  if (byName === undefined) made.set(meter, (byName = new Map<string, unknown>()));
  if (!byName.has(name)) byName.set(name, create(meter));
  return byName.get(name) as T;
}

export function count(name: InstrumentName, attributes: Attributes = {}): void {
  instrument(name, (meter) => meter.createCounter(name))?.add(1, attributes);
}

export function recordMs(name: InstrumentName, ms: number, attributes: Attributes = {}): void {
  instrument(name, (meter) => meter.createHistogram(name, { unit: 'ms' }))?.record(ms, attributes);
}

/** What a client built on a server records; a client without it records nothing. */
export interface ClientTelemetry {
  /** An answer that said the token expired (or was refused). */
  expiredAnswer: () => void;
  /** An operation sent again with another token. */
  retry: () => void;
  /** One `/v1/auth` exchange: its span, its count and its duration. */
  exchange: (asked: { region: string; why: string }, post: () => Promise<string>) => Promise<string>;
}

/** What an exchange came to, for its span and counter: never the key or the token. */
function exchangeOutcome({ error }: { error?: unknown }): { 'graphql_jwt_auth.outcome': string; 'http.response.status_code'?: number } {
  if (error === undefined) return { 'graphql_jwt_auth.outcome': 'ok', 'http.response.status_code': 200 };
  const status = (error as { status?: unknown }).status;
  const outcome =
    error instanceof InvalidApiKeyError || error instanceof AuthRequestError ? 'refused' : error instanceof AuthServerError ? 'failed' : 'unreachable';
  return typeof status === 'number' ? { 'graphql_jwt_auth.outcome': outcome, 'http.response.status_code': status } : { 'graphql_jwt_auth.outcome': outcome };
}

/** What a handler's client records, each recording with the labels the app vouches for (a tenant's). */
export function serverTelemetry(labels?: Labels): ClientTelemetry {
  return {
    expiredAnswer: () => {
      count(TELEMETRY.expiredAnswers, labels?.());
    },
    retry: () => {
      count(TELEMETRY.retries, labels?.());
    },
    async exchange({ region, why }, post) {
      const asked = { 'graphql_jwt_auth.region': region, 'graphql_jwt_auth.reason': why, ...labels?.() };
      const startedAt = performance.now();
      let outcome: ReturnType<typeof exchangeOutcome> = exchangeOutcome({});
      try {
        return await inSpan(TELEMETRY.exchangeSpan, asked, post, (result) => (outcome = exchangeOutcome(result)));
      } catch (error) {
        outcome = exchangeOutcome({ error });
        throw error;
      } finally {
        count(TELEMETRY.exchanges, { ...asked, ...outcome });
        recordMs(TELEMETRY.exchangeDuration, performance.now() - startedAt, { ...asked, 'graphql_jwt_auth.outcome': outcome['graphql_jwt_auth.outcome'] });
      }
    },
  };
}
