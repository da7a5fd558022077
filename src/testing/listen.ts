import type * as NodeHttp from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

// node:http is reached through the process object's getBuiltinModule (Node ≥ 20.16), not an import: this module
// is part of the testing entry, which browser bundles (Storybook, vitest browser mode) load too.

export interface ListenOptions {
  /** 0 (the default) picks free ports; else the first region gets this port, the next the ones after. */
  port?: number;
  /**
   * The address the servers bind, 127.0.0.1 by default: only this machine reaches them. Another
   * (`0.0.0.0`, a Wi-Fi address) lets a phone on the network in too, to a service whose keys are demo keys.
   */
  host?: string;
}

export interface Listening {
  /** The first region's base address, e.g. http://127.0.0.1:54321 (no trailing slash). */
  readonly baseUrl: string;
  /** Region → base address (on 127.0.0.1 unless `host` says otherwise): pass it to `<AuthProvider regions>`. */
  readonly regions: Readonly<Record<string, string>>;
  /** Stops every region's server, dropping open connections. A property, so destructuring it is safe. */
  readonly close: () => Promise<void>;
}

/** Who sent a request served on a port: its socket's address, which no header can change. */
export interface Peer {
  readonly address: string | undefined;
}

type RegionHandler = (region: string, path: string, request: Request, peer: Peer) => Promise<Response>;

/** WebSocket upgrades on a region's port (the mock's subscriptions), and dropping them all on close. */
export interface Upgrades {
  upgrade(region: string, request: IncomingMessage, socket: Duplex, head: Uint8Array): void;
  close(): Promise<void>;
}

function nodeHttp(): typeof NodeHttp {
  const getBuiltinModule = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  if (getBuiltinModule === undefined) throw new Error('listen() needs Node ≥ 20.16; in a browser, use handle or mswHandlers()');
  return getBuiltinModule('node:http') as typeof NodeHttp;
}

async function toRequest(message: IncomingMessage, signal: AbortSignal): Promise<Request> {
  const url = new URL(message.url ?? '/', `http://${message.headers.host ?? '127.0.0.1'}`);
  const headers = new Headers();
  // rawHeaders keeps repeated headers separate, which the parsed header object would merge or drop.
  const raw = message.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] ?? '', raw[i + 1] ?? '');
  const method = message.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return new Request(url, { method, headers, signal });
  const chunks: Uint8Array[] = [];
  for await (const chunk of message) chunks.push(chunk as Uint8Array);
  const body = new Uint8Array(chunks.reduce((length, chunk) => length + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return new Request(url, { method, headers, body, signal });
}

async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  if (response.type === 'error') {
    res.destroy();
    return;
  }
  res.statusCode = response.status;
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  if (response.body !== null && response.headers.get('content-type')?.startsWith('text/event-stream') === true) {
    await streamBody(response.body, res);
    return;
  }
  res.end(new Uint8Array(await response.arrayBuffer()));
}

/** An event stream is written as it comes; the caller going away cancels it (the server then ends the subscription). */
async function streamBody(body: ReadableStream<Uint8Array>, res: ServerResponse): Promise<void> {
  const reader = body.getReader();
  res.on('close', () => {
    reader.cancel().catch(() => undefined);
  });
  res.flushHeaders();
  for (;;) {
    const { done, value } = await reader.read();
    if (done || res.destroyed) break;
    res.write(value);
  }
  res.end();
}

async function respond(handler: (request: Request, peer: Peer) => Promise<Response>, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // The caller going away before the answer is finished aborts the request the handler sees.
  const gone = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  let response: Response;
  try {
    response = await handler(await toRequest(req, gone.signal), { address: req.socket.remoteAddress });
  } catch (error: unknown) {
    // Surface handler bugs to the test as a 500 with the reason instead of a hung socket.
    const message = error instanceof Error ? error.message : String(error);
    response = new Response(JSON.stringify({ message: `Mock handler failed: ${message}` }), {
      status: 500,
      headers: { 'content-type': 'application/json' },
    });
  }
  // The client may have given up (aborted fetch) while the answer was held.
  if (!res.destroyed) await writeResponse(response, res);
}

export interface Served {
  /** Origin without a trailing slash, e.g. http://127.0.0.1:54321 */
  readonly url: string;
  readonly close: () => Promise<void>;
}

/** An address every interface of this machine answers on: this machine reaches it at 127.0.0.1. */
const ANY_ADDRESS = new Set(['0.0.0.0', '::']);

/** The origin this machine reaches a server bound to `host` at. */
function originOf(host: string, port: number): string {
  if (ANY_ADDRESS.has(host)) return `http://127.0.0.1:${String(port)}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${String(port)}`;
}

/** Any fetch-standard handler on 127.0.0.1 (or `host`): by default nothing here is for other machines. */
export async function serve(
  handler: (request: Request, peer: Peer) => Promise<Response>,
  { port = 0, host = '127.0.0.1' }: ListenOptions = {},
  upgrade?: (request: IncomingMessage, socket: Duplex, head: Uint8Array) => void,
): Promise<Served> {
  const server = nodeHttp().createServer((req, res) => {
    void respond(handler, req, res).catch(() => res.destroy());
  });
  // No upgrade handler: node:http drops an upgrade request's socket itself.
  if (upgrade !== undefined) server.on('upgrade', upgrade);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('Expected a TCP address');

  let closing: Promise<void> | undefined;
  return {
    url: originOf(host, address.port),
    close: () => {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
        // close() alone waits for idle keep-alive sockets, which would hang a test run or a Ctrl-C.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** One server per region, as the real service has one base address per region. */
export async function listenOn(
  regions: Readonly<Record<string, string>>,
  handleRegion: RegionHandler,
  { port = 0, host = '127.0.0.1' }: ListenOptions = {},
  upgrades?: Upgrades,
): Promise<Listening> {
  const served: Array<[string, Served]> = [];
  try {
    for (const [index, region] of Object.keys(regions).entries()) {
      const regionPort = port === 0 ? 0 : port + index;
      const upgrade =
        upgrades === undefined
          ? undefined
          : (request: IncomingMessage, socket: Duplex, head: Uint8Array) => {
              upgrades.upgrade(region, request, socket, head);
            };
      served.push([
        region,
        await serve((request, peer) => handleRegion(region, new URL(request.url).pathname, request, peer), { port: regionPort, host }, upgrade),
      ]);
    }
  } catch (error: unknown) {
    await Promise.all(served.map(([, server]) => server.close()));
    throw error;
  }
  const first = served[0]?.[1];
  if (first === undefined) throw new Error('A mock service has at least one region');
  return {
    baseUrl: first.url,
    regions: Object.fromEntries(served.map(([region, server]) => [region, server.url])),
    close: async () => {
      await upgrades?.close();
      await Promise.all(served.map(([, server]) => server.close()));
    },
  };
}
