// @vitest-environment node
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AuthStatus, PentestList } from '../support/components.js';
import { API_KEY, startService } from '../support/fixtures.js';

describe('server rendering', () => {
  it('imports and renders without window or document, sends nothing, and leaves no timer behind', async () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    const running = await startService();
    const { AuthProvider } = await import('../../src/index.js');

    const html = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider apiKey={API_KEY} region="test" regions={{ test: running.baseUrl }}>
          <AuthStatus />
          <PentestList />
        </AuthProvider>
      </QueryClientProvider>,
    );

    expect(html).toContain('idle');
    expect(html).toContain('loading');
    expect(html).not.toContain(API_KEY);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(running.service.authCalls).toHaveLength(0);
    expect(running.service.graphqlCalls).toHaveLength(0);
  });
});
