import { createServer } from 'node:http';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createAuthClient, TokenExpiredError, tokenEndpoint } from '../../../src/index.js';
import { clientFor, type Running, startService } from '../../support/fixtures.js';

/** An app's token endpoint answering every claim with the one token, and `extra` beside it. */
async function serveSameToken(token: string, extra: Record<string, unknown>): Promise<{ url: string; bodies: string[] }> {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      bodies.push(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token, region: 'test', ...extra }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  );
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('Expected a TCP address');
  return { url: `http://127.0.0.1:${String(address.port)}/api/token`, bodies };
}

/** A token the mock issued and then expired: every send of it is answered as expired. */
async function expiredToken(running: Running): Promise<string> {
  const token = await clientFor(running).getToken();
  running.service.expireToken(token);
  return token;
}

describe('a claim answered with the claimed token and recheckInMs (a handler’s verdict that lapses soon)', () => {
  it('is claimed once more after that wait, never twice: an endpoint that keeps answering so ends in TokenExpiredError after 2 claims', async () => {
    const running = await startService();
    const token = await expiredToken(running);
    const endpoint = await serveSameToken(token, { recheckInMs: 30 });
    const client = createAuthClient({ tokenEndpoint: tokenEndpoint(endpoint.url), regions: { test: running.baseUrl } });
    onTestFinished(() => {
      client.dispose();
    });

    await expect(client.request('query Pentests { pentests_count }')).rejects.toBeInstanceOf(TokenExpiredError);
    expect(endpoint.bodies).toEqual(['{}', JSON.stringify({ expired: token }), JSON.stringify({ expired: token })]);
    // Sent once: the claimed token came back, so nothing is sent with it again.
    expect(running.service.graphqlCalls.filter((call) => call.operationName === 'Pentests')).toHaveLength(1);
  });

  it.each([
    ['longer than the 2 s a handler’s verdict can last', 60_000],
    ['zero', 0],
    ['negative', -5],
    ['not a number', 'soon'],
  ])('%s: not waited for, no second claim', async (_label, recheckInMs) => {
    const running = await startService();
    const token = await expiredToken(running);
    const endpoint = await serveSameToken(token, { recheckInMs });
    const client = createAuthClient({ tokenEndpoint: tokenEndpoint(endpoint.url), regions: { test: running.baseUrl } });
    onTestFinished(() => {
      client.dispose();
    });

    await expect(client.request('query Pentests { pentests_count }')).rejects.toBeInstanceOf(TokenExpiredError);
    expect(endpoint.bodies).toEqual(['{}', JSON.stringify({ expired: token })]);
  });
});
