import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type AuthView, InvalidApiKeyError, useAuth } from '../../src/index.js';
import { startService } from '../support/fixtures.js';
import { renderWithAuth, testQueryClient } from '../support/render.js';

describe('useAuth(selector), as zustand selects', () => {
  it('re-renders only when the selected value changes; useAuth() still re-renders on every change', async () => {
    const running = await startService();
    const renders = { selected: 0, whole: 0 };
    let refresh: AuthView['refresh'] | undefined;
    function SignedIn() {
      renders.selected += 1;
      const signedIn = useAuth((auth) => auth.token !== null);
      return <p data-testid="signed-in">{String(signedIn)}</p>;
    }
    function Whole() {
      renders.whole += 1;
      const auth = useAuth();
      refresh = auth.refresh;
      return <p data-testid="status">{auth.status}</p>;
    }
    renderWithAuth(
      <>
        <SignedIn />
        <Whole />
      </>,
      running,
      {},
      testQueryClient(),
      { strict: false },
    );
    await act(async () => {
      await refresh?.();
    });
    expect(screen.getByTestId('signed-in').textContent).toBe('true');
    const before = { ...renders };

    // A renewal changes the token (and the status twice), not whether there is one.
    await act(async () => {
      await refresh?.();
    });
    expect(running.service.authCalls).toHaveLength(2);
    expect(screen.getByTestId('status').textContent).toBe('authenticated');
    expect(renders.selected - before.selected).toBe(0);
    expect(renders.whole - before.whole).toBeGreaterThan(0);
  });
});

describe('useAuth().refresh()', () => {
  it('never rejects: a refused key resolves null, the error is in the state and given to onAuthError once', async () => {
    const running = await startService();
    const reported: unknown[] = [];
    let refresh: AuthView['refresh'] | undefined;
    function Status() {
      refresh = useAuth((auth) => auth.refresh);
      return <p data-testid="status">{useAuth((auth) => auth.status)}</p>;
    }
    renderWithAuth(<Status />, running, { apiKey: 'wrong-key', onAuthError: (error) => reported.push(error) }, testQueryClient(), { strict: false });

    let answer: string | null | undefined;
    await act(async () => {
      answer = await refresh?.();
    });
    expect(answer).toBeNull();
    expect(screen.getByTestId('status').textContent).toBe('error');
    expect(reported).toHaveLength(1);
    expect(reported[0]).toBeInstanceOf(InvalidApiKeyError);
    expect(running.service.authCalls).toHaveLength(1);
  });
});
