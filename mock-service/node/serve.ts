import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createMockService, type MockService, type MockServiceOptions } from '../mock-service.ts';

export type FetchHandler = (request: Request) => Promise<Response>;

export interface Served {
  /** Origin without a trailing slash, e.g. http://127.0.0.1:54321 */
  readonly url: string;
  /** A property, not a method, so destructuring it stays safe. */
  readonly close: () => Promise<void>;
}

async function toRequest(message: IncomingMessage): Promise<Request> {
  const url = new URL(message.url ?? '/', `http://${message.headers.host ?? '127.0.0.1'}`);
  const headers = new Headers();
  // rawHeaders keeps repeated headers separate, which the parsed header object would merge or drop.
  const raw = message.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] ?? '', raw[i + 1] ?? '');
  const method = message.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return new Request(url, { method, headers });
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  return new Request(url, { method, headers, body: Buffer.concat(chunks) });
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
  res.end(Buffer.from(await response.arrayBuffer()));
}

async function respond(handler: FetchHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let response: Response;
  try {
    response = await handler(await toRequest(req));
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

export interface ServeOptions {
  /** 0 (the default) picks a free port. The host is always 127.0.0.1: nothing here is for other machines. */
  port?: number;
}

export async function serve(handler: FetchHandler, { port = 0 }: ServeOptions = {}): Promise<Served> {
  const server = createServer((req, res) => {
    void respond(handler, req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('Expected a TCP address');

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
        // close() alone waits for idle keep-alive sockets, which would hang the test run.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

export interface StartedMockService {
  readonly service: MockService;
  readonly baseUrl: string;
  readonly close: () => Promise<void>;
}

export async function startMockService(
  options?: MockServiceOptions,
  serveOptions?: ServeOptions,
): Promise<StartedMockService> {
  const service = createMockService(options);
  const { url, close } = await serve((request) => service.handle(request), serveOptions);
  return { service, baseUrl: url, close };
}
