import { act, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AuthConfigError, type AuthClient, useAuthClient } from '../../src/index.js';
import { AuthStatus, PentestList } from '../support/components.js';
import { sleep, startService, waitUntil } from '../support/fixtures.js';
import { observeGraphqlSignals } from '../support/observed-signals.js';
import { renderWithAuth } from '../support/render.js';
import { render } from '@testing-library/react';

function CaptureClient({ onClient }: { onClient: (client: AuthClient) => void }) {
  onClient(useAuthClient());
  return null;
}

describe('renders and cancellation', () => {
  it('a token refresh re-renders no component that only reads query data, and refetches nothing', async () => {
    const running = await startService();
    let client: AuthClient | undefined;
    let renders = 0;
    renderWithAuth(
      <>
        <CaptureClient onClient={(c) => (client = c)} />
        {Array.from({ length: 5 }, (_, i) => (
          <Profiler key={i} id={`list-${i}`} onRender={() => (renders += 1)}>
            <PentestList label={`list-${i}`} />
          </Profiler>
        ))}
      </>,
      running,
    );
    await screen.findByTestId('list-4');
    const rendersBefore = renders;
    const sendsBefore = running.service.graphqlCalls.length;

    await act(async () => {
      await client!.refresh();
    });

    expect(running.service.authCalls).toHaveLength(2);
    expect(client!.store.getState().token).toBe(running.service.issuedTokens[1]);
    expect(renders).toBe(rendersBefore);
    expect(running.service.graphqlCalls).toHaveLength(sendsBefore);
  });

  it("unmounting a component aborts its query's HTTP request (React Query's signal reaches fetch)", async () => {
    const running = await startService();
    running.service.graphqlDelayMs = 5_000;
    const { fetch: observingFetch, signals: graphqlSignals } = observeGraphqlSignals();
    const view = renderWithAuth(<PentestList />, running, { fetch: observingFetch });
    await waitUntil(() => running.service.graphqlCalls.length === 1);
    expect(graphqlSignals).toHaveLength(1);
    expect(graphqlSignals[0]?.aborted).toBe(false);

    view.unmount();

    await waitUntil(() => graphqlSignals[0]?.aborted === true);
  });

  it("StrictMode's rehearsal unmount keeps background renewal alive; a real unmount stops it", async () => {
    const running = await startService({ tokenLifetimeSec: 3 });
    const view = renderWithAuth(<PentestList />, running, {}, undefined, { strict: true });
    await screen.findByTestId('pentests');

    // Renewal is due 1–1.5 s after issue (half of a 2–3 s lifetime), with no query running.
    await waitUntil(() => running.service.authCalls.length === 2);
    view.unmount();
    await sleep(1_600);

    expect(running.service.authCalls).toHaveLength(2);
    expect(running.service.graphqlCalls).toHaveLength(1);
  });

  it('unmounting while a refresh is in flight: the refresh completes without a React warning or a send', async () => {
    const running = await startService();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const release = running.service.pauseAuth();
    const view = renderWithAuth(
      <>
        <AuthStatus />
        <PentestList />
      </>,
      running,
    );
    await waitUntil(() => running.service.authCalls.length === 1);

    view.unmount();
    release();
    await waitUntil(() => running.service.authCalls[0]?.status === 200);
    await sleep(50);

    expect(consoleError).not.toHaveBeenCalled();
    expect(running.service.graphqlCalls).toHaveLength(0); // the unmounted query's send was aborted before it left
    consoleError.mockRestore();
  });

  it('a hook outside <AuthProvider> fails with a typed AuthConfigError naming the hook', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    expect(() => render(<PentestList />)).toThrow(AuthConfigError);
    expect(() => render(<AuthStatus />)).toThrow('useAuth must be used inside <AuthProvider>');
    consoleError.mockRestore();
  });
});
