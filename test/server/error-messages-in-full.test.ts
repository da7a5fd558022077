// @vitest-environment node
// A server's errors are read by a person whatever NODE_ENV says: once a handler is made, the process's
// errors say their full message, where an app's production build says the code and facts only.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_KEY, startService } from '../support/fixtures.js';
import { hasSession, post, serveHandler } from './serve-handler.js';

const given = process.env.NODE_ENV;
beforeEach(() => {
  process.env.NODE_ENV = 'production';
  // Fresh modules: which messages a process says is its own state, and this worker runs other files.
  vi.resetModules();
});
afterEach(() => {
  process.env.NODE_ENV = given;
  vi.resetModules();
});

/** The error of a client whose key the mock service refuses. */
async function refusal(baseUrl: string): Promise<unknown> {
  const { createAuthClient } = await import('../../src/core/index.js');
  const client = createAuthClient({ apiKey: 'not-the-key', region: 'test', regions: { test: baseUrl } });
  const error: unknown = await client.getToken().catch((caught: unknown) => caught);
  client.dispose();
  return error;
}

describe('error messages in production', () => {
  it('the code and facts in an app, the full message once the process serves a handler', async () => {
    const running = await startService();
    expect(await refusal(running.baseUrl)).toMatchObject({ name: 'InvalidApiKeyError', message: 'GJA_KEY_REJECTED' });

    const { createTokenHandler } = await import('../../src/server/index.js');
    const handler = createTokenHandler({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession });
    expect((await post(`${await serveHandler(handler)}/api/token`, {})).status).toBe(200);

    expect(await refusal(running.baseUrl)).toMatchObject({ name: 'InvalidApiKeyError', message: 'The API key was rejected by the auth endpoint (401)' });
  });
});
