// The app's own server failing, told as the app's: its key refused by the service arrives as a
// ServerCredentialsError at once (no retries of what only the server's settings can fix), in both
// modes that keep the key on the server; the server itself down names its URL and what that means.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AuthError,
  AuthProvider,
  type AuthProviderProps,
  AuthServerError,
  createAuthClient,
  graphqlProxy,
  ServerCredentialsError,
  tokenEndpoint,
} from '../../src/index.js';
import { createGraphQLProxy, createTokenHandler, type ServerHandler } from '../../src/server/index.js';
import { PentestList } from '../support/components.js';
import { type Running, startService } from '../support/fixtures.js';
import { hasSession, serveHandler, withSession } from '../server/serve-handler.js';

const WRONG_KEY = 'not-the-server-key';
const serverOptions = (running: Running) => ({
  apiKey: WRONG_KEY,
  region: 'test',
  regions: { test: running.baseUrl },
  authorizeRequest: hasSession,
  logger: quiet,
});
const quiet = { warn: () => undefined, error: () => undefined };

/** The handler, counting the requests the browser's client sends it. */
function counted(handler: ServerHandler): { handler: ServerHandler; calls: () => number } {
  let calls = 0;
  const wrapped = Object.assign((request: Request) => {
    if (request.method === 'POST') calls += 1;
    return handler(request);
  }, handler);
  return { handler: wrapped, calls: () => calls };
}

/** React Query's default retry count, with no delay: any retry would happen within the test. */
const retryingClient = () => new QueryClient({ defaultOptions: { queries: { retry: 3, retryDelay: 0 } } });

function renderList(props: AuthProviderProps) {
  return render(
    <QueryClientProvider client={retryingClient()}>
      <AuthProvider {...props}>
        <PentestList />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe("the service refusing the server's key", () => {
  it('tokenEndpoint: a ServerCredentialsError naming the endpoint, after one request to it and none again', async () => {
    const running = await startService();
    const { handler, calls } = counted(createTokenHandler(serverOptions(running)));
    const url = `${await serveHandler(handler)}/api/token`;

    renderList({ tokenEndpoint: tokenEndpoint(url), regions: { test: running.baseUrl }, fetch: withSession });

    expect((await screen.findByTestId('pentests-error')).textContent).toBe(
      `ServerCredentialsError: The app's server at ${url} answered that the service refused its credentials (502): ` +
        "the server's API key (or the key its credentials resolver gives this tenant) is wrong or revoked. " +
        "Retrying cannot fix it; the server's log names the setting to check",
    );
    expect(calls()).toBe(1);
    expect(running.service.authCalls).toHaveLength(1);
    expect(running.service.graphqlCalls).toHaveLength(0);
  });

  it('graphqlProxy: the same error class, not a GraphQLResponseError, after one request and none again', async () => {
    const running = await startService();
    const { handler, calls } = counted(createGraphQLProxy(serverOptions(running)));
    const url = `${await serveHandler(handler)}/api/graphql`;

    renderList({ graphqlProxy: graphqlProxy(url), fetch: withSession });

    expect((await screen.findByTestId('pentests-error')).textContent).toMatch(
      new RegExp(`^ServerCredentialsError: The app's server at ${url.replaceAll('.', '\\.')} answered that the service refused its credentials \\(502\\)`),
    );
    expect(calls()).toBe(1);
    expect(running.service.authCalls).toHaveLength(1);
    expect(running.service.graphqlCalls).toHaveLength(0);
  });
});

describe('the app’s token endpoint down', () => {
  const closers: Array<() => void> = [];
  afterEach(() => {
    for (const close of closers.splice(0)) close();
  });

  it('an AuthServerError that names the app’s endpoint, not the service’s, and says what its failure means', async () => {
    // What a dev server's proxy answers when the server behind it is not running: 502, no body.
    const down = createServer((_request, response) => response.writeHead(502).end());
    await new Promise<void>((listening) => down.listen(0, '127.0.0.1', listening));
    closers.push(() => down.close());
    const url = `http://127.0.0.1:${String((down.address() as AddressInfo).port)}/api/token`;
    const client = createAuthClient({ tokenEndpoint: tokenEndpoint(url), regions: { test: 'http://127.0.0.1:1' } });
    closers.push(() => {
      client.dispose();
    });

    const error = await client.request('{ __typename }').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(AuthServerError);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({
      status: 502,
      message:
        `The app's token endpoint ${url} failed (502): HTTP 502. ` +
        'The server that serves createTokenHandler there is down or unreachable, or the service it asks is failing: its log says which',
    });
    expect(error).not.toBeInstanceOf(ServerCredentialsError);
  });
});
