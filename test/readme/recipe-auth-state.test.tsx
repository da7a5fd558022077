import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PentestList } from '../support/components.js';
import { startService } from '../support/fixtures.js';
import { renderWithAuth } from '../support/render.js';
import { collectUnhandled } from '../support/unhandled.js';
import { AuthBadge } from './recipe-auth-state.js';

describe('README recipe "Reading auth state"', () => {
  it('"Retry sign-in" failing again shows the error and leaves no unhandled rejection', async () => {
    const unhandled = collectUnhandled();
    const running = await startService();
    renderWithAuth(
      <>
        <AuthBadge />
        <PentestList />
      </>,
      running,
      { apiKey: 'not-a-valid-key' },
    );

    fireEvent.click(await screen.findByText('Retry sign-in (InvalidApiKeyError)'));

    await waitFor(() => {
      expect(running.service.authCalls).toHaveLength(2);
    });
    await screen.findByText('Retry sign-in (InvalidApiKeyError)');
    expect(await unhandled.drain()).toEqual([]);
  });
});
