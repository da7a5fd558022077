// The same hooks in the two modes that keep the key on the server.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { AuthProvider, type AuthProviderProps } from '../../src/index.js';
import { describe, expect, it } from 'vitest';
import { createGraphQLProxy, createTokenHandler } from '../../src/server/index.js';
import { PentestList } from '../support/components.js';
import { API_KEY, bearerTokens, startService, type Running } from '../support/fixtures.js';
import { testQueryClient } from '../support/render.js';
import { hasSession, serveHandler, withSession } from '../server/serve-handler.js';
import { graphqlProxy, tokenEndpoint } from '../../src/index.js';

const serverOptions = (running: Running) => ({
  apiKey: API_KEY,
  region: 'test',
  regions: { test: running.baseUrl },
  authorizeRequest: hasSession,
});

function renderItems(props: AuthProviderProps) {
  return render(
    <StrictMode>
      <QueryClientProvider client={testQueryClient()}>
        <AuthProvider {...props}>
          <PentestList pageSize={2} />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

describe('AuthProvider without the key', () => {
  it('tokenEndpoint: the hooks get data with a token from the app’s endpoint; the key never enters the page', async () => {
    const running = await startService();
    const url = `${await serveHandler(createTokenHandler(serverOptions(running)))}/api/token`;

    renderItems({ tokenEndpoint: tokenEndpoint(url), regions: { test: running.baseUrl }, fetch: withSession });

    expect((await screen.findByTestId('pentests')).textContent).not.toBe('');
    expect(running.service.authCalls).toHaveLength(1);
    expect(running.service.graphqlCalls).toHaveLength(1);
    expect(document.documentElement.outerHTML).not.toContain(API_KEY);
  });

  it('tokenEndpoint without regions: the hooks get data from the handler’s upstream, where the endpoint said its token goes', async () => {
    const running = await startService();
    const url = `${await serveHandler(createTokenHandler(serverOptions(running)))}/api/token`;

    renderItems({ tokenEndpoint: tokenEndpoint(url), fetch: withSession });

    expect((await screen.findByTestId('pentests')).textContent).not.toBe('');
    expect(running.service.authCalls).toHaveLength(1);
    expect(bearerTokens(running.service)).toEqual([running.service.issuedTokens[0]]);
  });

  it('graphqlProxy: the hooks get data through the proxy; no token in the browser’s store', async () => {
    const running = await startService();
    const url = `${await serveHandler(createGraphQLProxy(serverOptions(running)))}/api/graphql`;

    const view = renderItems({ graphqlProxy: graphqlProxy(url), fetch: withSession });

    expect((await screen.findByTestId('pentests')).textContent).not.toBe('');
    expect(running.service.authCalls).toHaveLength(1);
    expect(view.container.innerHTML).not.toContain(running.service.issuedTokens[0]!);
  });
});
