import { createServer } from 'node:http';
import { describe, expect, it, onTestFinished } from 'vitest';
import { AuthNetworkError, createAuthClient, tokenEndpoint } from '../../../src/index.js';
import { clientFor, startService } from '../../support/fixtures.js';

/** A `fetch` option that drops the headers from real answers, as a hand-rolled wrapper might. */
const fetchWithoutHeaders: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  return { status: response.status, text: () => response.text() } as Response;
};

describe('a fetch option whose answers lack headers, on a 503', () => {
  it('API key mode: AuthNetworkError naming /v1/auth, the TypeError as cause, never a bare TypeError', async () => {
    const running = await startService();
    running.service.queueAuthFailures(503);
    const client = clientFor(running, { fetch: fetchWithoutHeaders });

    const error: unknown = await client.getToken().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AuthNetworkError);
    expect(error).toHaveProperty('message', `Could not reach the auth endpoint ${running.baseUrl}/v1/auth`);
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });

  it('token endpoint mode: AuthNetworkError naming the endpoint, the TypeError as cause', async () => {
    const server = createServer((_req, res) => res.writeHead(503).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(
      () =>
        new Promise<void>((resolve) =>
          server.close(() => {
            resolve();
          }),
        ),
    );
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('Expected a TCP address');
    const url = `http://127.0.0.1:${address.port}/api/token`;
    const client = createAuthClient({ tokenEndpoint: tokenEndpoint(url), regions: { test: 'http://127.0.0.1:9' }, fetch: fetchWithoutHeaders });

    const error: unknown = await client.getToken().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AuthNetworkError);
    expect(error).toHaveProperty('message', `Could not reach the auth endpoint ${url}`);
    expect((error as Error).cause).toBeInstanceOf(TypeError);
    client.dispose();
  });
});
