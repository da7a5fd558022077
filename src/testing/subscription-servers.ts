import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type * as SseFetchPeer from 'graphql-sse/lib/use/fetch';
import type * as UseWsPeer from 'graphql-ws/use/ws';
import type * as WsPeer from 'ws';
import { execute, type GraphQLSchema, subscribe, validate } from 'graphql';
import type { MockContext } from './executable-schema.ts';
import { untilTokenEnds } from './until-token-ends.ts';

/**
 * The mock's subscriptions through the well-kept libraries, never the protocols by hand: graphql-ws
 * (graphql-transport-ws over `ws`, upgrading on the mock's own port) and graphql-sse (its fetch
 * handler, distinct connections: one event stream per operation). All three are optional peers of the
 * testing entry, imported on first use; the specifiers are values so that no bundler of an app that
 * never subscribes tries to resolve them (see msw-handlers.ts).
 */
const WS = 'ws';
const GRAPHQL_WS_USE_WS = 'graphql-ws/use/ws';
const GRAPHQL_SSE_FETCH = 'graphql-sse/lib/use/fetch';
const NODE_STREAM_WEB = 'node:stream/web';

/** The path subscriptions take on each region's port: the GraphQL endpoint's, upgraded for WebSocket; below it for SSE. */
export const WS_PATHS = new Set(['/v1/graphql', '/v1/graphql/']);
export const SSE_PATH = '/v1/graphql/stream';

/** A connection the service let in, until its token ends. */
export interface Admitted {
  readonly context: MockContext;
  /** Settles when the connection's token expires or is revoked. */
  readonly ended: Promise<void>;
  readonly subscribed: () => void;
  readonly closed: (forExpiry: boolean) => void;
}

/** What the service answers a connecting token: the token rules live in mock-service.ts. */
export interface SubscriptionGate {
  readonly schema: GraphQLSchema;
  readonly expiredMessage: string;
  /** The mock's `subscribeDelayMs`, read as each operation arrives. */
  subscribeDelayMs(): number;
  admit(transport: 'ws' | 'sse', region: string, authorization: string | null): Promise<Admitted | 'expired' | 'refused'>;
  /** The expired answer and the refusal, as the GraphQL endpoint gives them. */
  expiredAnswer(): { status: number; body: string };
}

async function importPeer<T>(specifier: string): Promise<T> {
  try {
    return (await import(/* webpackIgnore: true */ /* @vite-ignore */ specifier)) as T;
  } catch (error) {
    throw new Error(`The mock service's subscriptions need ${specifier.split('/')[0] ?? specifier} installed (npm install -D ws graphql-ws graphql-sse)`, {
      cause: error,
    });
  }
}

/**
 * The schema with this module's own graphql functions: where a bundler or Vitest loads graphql's ESM
 * build for the mock and Node loads its CommonJS one for the peers, graphql's own `validate` would
 * refuse a schema of the other copy.
 */
const ownGraphql = (gate: SubscriptionGate) => ({
  schema: gate.schema,
  validate,
  execute,
  subscribe: async (args: Parameters<typeof subscribe>[0]) => {
    const delayMs = gate.subscribeDelayMs();
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return subscribe(args);
  },
});

type WsModule = typeof WsPeer;
type UseWsModule = typeof UseWsPeer;
type SseFetchModule = typeof SseFetchPeer;

/** Upgrades requests to graphql-transport-ws WebSockets on a region's port. */
export interface WsUpgrade {
  upgrade(region: string, request: IncomingMessage, socket: Duplex, head: Uint8Array): void;
  /** Drops every socket (a stopping server does not wait for them); a later upgrade starts afresh. */
  close(): void;
}

/** The reason a close frame carries: at most 123 bytes. */
const EXPIRED_CLOSE = 4401;
const REFUSED_CLOSE = 4403;

export async function createWsUpgrade(gate: SubscriptionGate): Promise<WsUpgrade> {
  const [{ WebSocketServer }, { useServer: serveGraphqlWs }] = await Promise.all([importPeer<WsModule>(WS), importPeer<UseWsModule>(GRAPHQL_WS_USE_WS)]);
  const servers = new Map<string, InstanceType<WsModule['WebSocketServer']>>();
  const serverOf = (region: string) => {
    let server = servers.get(region);
    if (server !== undefined) return server;
    server = new WebSocketServer({ noServer: true });
    servers.set(region, server);
    const admitted = new WeakMap<object, Admitted>();
    serveGraphqlWs<Record<string, unknown> | undefined, { admitted?: Admitted; endedForExpiry?: boolean }>(
      {
        ...ownGraphql(gate),
        context: (ctx) => ctx.extra.admitted?.context,
        onConnect: async (ctx) => {
          const authorization = ctx.connectionParams?.authorization ?? ctx.connectionParams?.Authorization;
          const verdict = await gate.admit('ws', region, typeof authorization === 'string' ? authorization : null);
          if (verdict === 'expired' || verdict === 'refused') {
            // Closed before graphql-ws's own 4403, so the client hears why: an expired token renews, a bad one does not help.
            ctx.extra.socket.close(verdict === 'expired' ? EXPIRED_CLOSE : REFUSED_CLOSE, verdict === 'expired' ? gate.expiredMessage : 'Forbidden');
            return false;
          }
          ctx.extra.admitted = verdict;
          admitted.set(ctx.extra.socket, verdict);
          void verdict.ended.then(() => {
            ctx.extra.endedForExpiry = true;
            ctx.extra.socket.close(EXPIRED_CLOSE, gate.expiredMessage);
          });
          return true;
        },
        // After the subscribe resolver ran: its events are listened for from here on.
        onOperation: (ctx) => {
          ctx.extra.admitted?.subscribed();
        },
        onClose: (ctx) => {
          ctx.extra.admitted?.closed(ctx.extra.endedForExpiry === true);
        },
      },
      server,
    );
    return server;
  };
  return {
    upgrade(region, request, socket, head) {
      const server = serverOf(region);
      server.handleUpgrade(request, socket, head as Parameters<typeof server.handleUpgrade>[2], (client) => server.emit('connection', client, request));
    },
    close() {
      for (const server of servers.values()) {
        for (const client of server.clients) client.terminate();
        server.close();
      }
      servers.clear();
    },
  };
}

/**
 * Node's own streams, not the global's: under jsdom (a React test's environment) the global has no
 * ReadableStream. A page (the mock behind MSW in a browser) has its global one and no node:stream/web,
 * which it must not even be asked for: the failed load is a console error there.
 */
async function readableStream(): Promise<typeof globalThis.ReadableStream> {
  const node = (globalThis as { process?: { versions?: { node?: unknown } } }).process?.versions?.node;
  if (typeof node !== 'string') return globalThis.ReadableStream;
  return ((await import(/* webpackIgnore: true */ /* @vite-ignore */ NODE_STREAM_WEB)) as { ReadableStream: typeof globalThis.ReadableStream }).ReadableStream;
}

/**
 * graphql-sse's fetch handler for one region: the token from the Authorization header, checked as at
 * /v1/graphql. `load` is the app's `() => import('graphql-sse/lib/use/fetch')` where the mock cannot
 * import it by name (a browser bundle); without it the mock imports it on first use (Node, Vitest).
 */
export async function createSseHandler(
  gate: SubscriptionGate,
  region: string,
  load: () => Promise<unknown> = () => importPeer(GRAPHQL_SSE_FETCH),
): Promise<(request: Request) => Promise<Response>> {
  const [{ createHandler }, ReadableStream] = await Promise.all([load() as Promise<SseFetchModule>, readableStream()]);
  const admittedBy = new WeakMap<object, Admitted>();
  const endedForExpiry = new WeakSet<object>();
  const handler = createHandler<Record<PropertyKey, unknown> | undefined>(
    {
      ...ownGraphql(gate),
      authenticate: async (req) => {
        const verdict = await gate.admit('sse', region, req.headers.get('authorization') ?? null);
        if (verdict === 'refused')
          return [JSON.stringify({ message: 'Unauthorized' }), { status: 401, statusText: 'Unauthorized', headers: { 'content-type': 'application/json' } }];
        if (verdict === 'expired') {
          const { status, body } = gate.expiredAnswer();
          return [body, { status, statusText: 'Expired', headers: { 'content-type': 'application/json' } }];
        }
        admittedBy.set(req.raw, verdict);
        void verdict.ended.then(() => endedForExpiry.add(req.raw));
        // null: distinct connections only (one stream per operation), each with its own token.
        return null;
      },
      context: (req) => admittedBy.get(req.raw)?.context as Record<PropertyKey, unknown> | undefined,
      onOperation: (_, req, __, result) => {
        const admitted = admittedBy.get(req.raw);
        if (admitted === undefined || !(Symbol.asyncIterator in result)) return;
        admitted.subscribed();
        return untilTokenEnds(result, admitted.ended, gate.expiredMessage);
      },
      onComplete: (_, req) => {
        admittedBy.get(req.raw)?.closed(endedForExpiry.has(req.raw));
      },
    },
    { ReadableStream },
  );
  return async (request) => {
    const response = await handler(request);
    // Let in, then refused (a document that does not validate): no stream, so the connection is over.
    if (response.status !== 200) admittedBy.get(request)?.closed(false);
    return response;
  };
}
