import { createServer } from 'node:http';
import { describe, expect, it, onTestFinished } from 'vitest';
import { AuthServerError, createAuthClient, tokenEndpoint } from '../../../src/index.js';

/** An app's token endpoint answering every call with `body`, as a misconfigured backend would. */
async function serveTokenAnswer(body: object): Promise<{ url: string; calls: () => number }> {
  let calls = 0;
  const server = createServer((_req, res) => {
    calls += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
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
  return { url: `http://127.0.0.1:${address.port}/api/token`, calls: () => calls };
}

describe('a token endpoint whose answer names a region the browser does not know', () => {
  it.each([
    ['a region not configured here', { token: 'opaque-token', region: 'elsewhere' }],
    ['no region at all', { token: 'opaque-token' }],
  ])('%s: AuthServerError (200) saying so, and the token is not used', async (_label, body) => {
    const endpoint = await serveTokenAnswer(body);
    const client = createAuthClient({ tokenEndpoint: tokenEndpoint(endpoint.url), regions: { test: 'http://127.0.0.1:9' } });

    const error: unknown = await client.getToken().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AuthServerError);
    expect(error).toMatchObject({ status: 200, message: 'The auth endpoint failed (200): the token endpoint named no configured region' });
    expect(client.store.getState()).toMatchObject({ status: 'error', token: null });
    expect(endpoint.calls()).toBe(1);
    client.dispose();
  });
});
