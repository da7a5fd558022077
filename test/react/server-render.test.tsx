// @vitest-environment node
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PassThrough } from 'node:stream';
import { Suspense } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthProvider, createAuthClient, graphqlQueryOptions, useGraphQLSuspenseQuery } from '../../src/index.js';
import { AuthStatus, PentestList } from '../support/components.js';
import { AccountDocument } from '../support/documents.js';
import { API_KEY, sleep, startService, type Running } from '../support/fixtures.js';
import { trackLibraryTimers, type TimerTracker } from '../support/live-timers.js';

let tracker: TimerTracker | undefined;
afterEach(() => {
  tracker?.stop();
  tracker = undefined;
});

function Viewer() {
  const { data } = useGraphQLSuspenseQuery(AccountDocument);
  return <p data-testid="viewer">{data.session_user_account.name}</p>;
}

function App({ running, queryClient = new QueryClient() }: { running: Running; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider apiKey={API_KEY} region="test" regions={{ test: running.baseUrl }}>
        <AuthStatus />
        <Suspense fallback={<p>viewer loading</p>}>
          <Viewer />
        </Suspense>
        <PentestList />
      </AuthProvider>
    </QueryClientProvider>
  );
}

/** Streams the app to completion, collecting the HTML and the errors React reports. */
function streamToEnd(app: React.ReactNode): Promise<{ html: string; errors: unknown[] }> {
  return new Promise((resolve, reject) => {
    const errors: unknown[] = [];
    let html = '';
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => {
      html += chunk.toString();
    });
    sink.on('end', () => {
      resolve({ html, errors });
    });
    const stream = renderToPipeableStream(app, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        errors.push(error);
      },
    });
  });
}

describe('server rendering', () => {
  it('renderToString: imports without window, renders fallbacks, sends nothing, leaves no timer', async () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    tracker = trackLibraryTimers();
    const running = await startService();

    const html = renderToString(<App running={running} />);

    expect(html).toContain('idle');
    expect(html).toContain('loading');
    expect(html).toContain('viewer loading');
    expect(html).not.toContain(API_KEY);
    await sleep(100);
    expect(running.service.authCalls).toHaveLength(0);
    expect(running.service.graphqlCalls).toHaveLength(0);
    expect(await tracker.live()).toEqual([]);
  });

  it('a streaming render completes with the suspense fallback: 0 /v1/auth calls, NotPrefetchedError reported, no timer', async () => {
    tracker = trackLibraryTimers();
    const running = await startService();

    const { html, errors } = await streamToEnd(<App running={running} />);

    expect(html).toContain('viewer loading');
    expect(html).not.toContain('data-testid="viewer"');
    expect(html).not.toContain(API_KEY);
    // React reports the bail-out and leaves the boundary to the browser.
    expect(errors.map((error) => (error as Error).name)).toEqual(['NotPrefetchedError']);
    await sleep(100);
    expect(running.service.authCalls).toHaveLength(0);
    expect(running.service.graphqlCalls).toHaveLength(0);
    expect(await tracker.live()).toEqual([]);
  });

  it('prefetched on the server, a suspense query renders its data there; the render itself asks nothing', async () => {
    tracker = trackLibraryTimers();
    const running = await startService();
    const serverClient = createAuthClient({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl } });
    const queryClient = new QueryClient();
    await queryClient.query(graphqlQueryOptions(serverClient, AccountDocument));
    serverClient.dispose();
    expect(running.service.authCalls).toHaveLength(1);
    expect(running.service.graphqlCalls).toHaveLength(1);

    const { html, errors } = await streamToEnd(<App running={running} queryClient={queryClient} />);

    expect(errors).toEqual([]);
    expect(html).toContain('data-testid="viewer"');
    await sleep(100);
    expect(running.service.authCalls).toHaveLength(1);
    expect(running.service.graphqlCalls).toHaveLength(1);
    expect(await tracker.live()).toEqual([]);
  });
});
