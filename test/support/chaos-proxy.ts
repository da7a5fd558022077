import { connect, createServer, type Socket } from 'node:net';

/** What a connection carries now, from the request line of its latest request. */
export type ConnectionKind = 'ws' | 'sse' | 'other';

export interface ChaosProxy {
  /** The proxy's base address on 127.0.0.1: the client's region points here, the proxy at the service. */
  readonly url: string;
  /** The open connections carrying a subscription (a WebSocket upgrade, an event stream), oldest first. */
  subscriptionConnections: () => Socket[];
  /** Requests per kind, whatever connection carried them: a subscription's connects (an upgrade, a stream), the others. */
  readonly requests: Record<ConnectionKind, number>;
  /** Cuts a connection both ways, as a network that drops it: the client and the service each see it reset. */
  drop: (socket: Socket) => void;
  close: () => Promise<void>;
}

/** A request's kind from its first bytes: the request line and, for an upgrade, its headers. */
function kindOf(head: string): ConnectionKind | null {
  if (!/^[A-Z]+ \S+ HTTP\/1\.1\r\n/.test(head)) return null; // a later chunk of a body or a frame
  if (head.startsWith('POST /v1/graphql/stream ')) return 'sse';
  if (head.startsWith('GET ') && /\r\nupgrade: *websocket\r\n/i.test(head)) return 'ws';
  return 'other';
}

/**
 * A TCP proxy on 127.0.0.1 in front of a service's port, which a test uses to drop the connections
 * of its choice (a flaky network) while the service goes on; a service that stops (a restart) is
 * seen through it as on a real network: its connections end, and new ones are refused.
 */
export async function startChaosProxy(targetPort: number): Promise<ChaosProxy> {
  const live = new Map<Socket, { kind: ConnectionKind | null; upstream: Socket }>();
  const requests: Record<ConnectionKind, number> = { ws: 0, sse: 0, other: 0 };
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    const entry: { kind: ConnectionKind | null; upstream: Socket } = { kind: null, upstream };
    live.set(client, entry);
    client.on('data', (chunk: Buffer) => {
      const kind = kindOf(chunk.subarray(0, 2048).toString('latin1'));
      if (kind === null) return;
      requests[kind] += 1;
      // A kept-alive connection carries its next request: an /v1/auth call after an event stream ended is not a subscription's.
      entry.kind = kind;
    });
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      live.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('Expected a TCP address');
  return {
    url: `http://127.0.0.1:${String(address.port)}`,
    subscriptionConnections: () => [...live].filter(([, { kind }]) => kind === 'ws' || kind === 'sse').map(([socket]) => socket),
    requests,
    drop: (socket) => {
      const upstream = live.get(socket)?.upstream;
      socket.resetAndDestroy();
      upstream?.resetAndDestroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const [socket, { upstream }] of live) {
          socket.destroy();
          upstream.destroy();
        }
        server.close(() => {
          resolve();
        });
      }),
  };
}
