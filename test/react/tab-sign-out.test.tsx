import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { randomUUID } from 'node:crypto';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { AuthProvider, tabSync, useAuth } from '../../src/index.js';
import { PentestList } from '../support/components.js';
import { startService } from '../support/fixtures.js';
import { providerProps, testQueryClient } from '../support/render.js';
import { installWebLocks } from '../support/web-locks.js';

function SignOutButton({ label }: { label: string }) {
  const { signOut } = useAuth();
  return (
    <button type="button" onClick={signOut}>
      {`sign out ${label}`}
    </button>
  );
}

describe('sign-out across tabs (tabSync), through the provider', () => {
  it('a sign-out in one tab clears what the other tab shows: its queries fail with SignedOutError, no stale data', async () => {
    installWebLocks(); // jsdom has none; without them, tabs opening together may each ask /v1/auth
    const running = await startService();
    const channel = `tabs-${randomUUID()}`;
    // Two providers with their own QueryClients stand for two tabs of the app.
    const tab = (label: string) => (
      <QueryClientProvider client={testQueryClient()}>
        <AuthProvider {...providerProps(running, { tabSync: tabSync(channel) })}>
          <PentestList label={label} />
          <SignOutButton label={label} />
        </AuthProvider>
      </QueryClientProvider>
    );
    render(
      <StrictMode>
        {tab('a')}
        {tab('b')}
      </StrictMode>,
    );
    await screen.findByTestId('a');
    await screen.findByTestId('b');
    expect(running.service.authCalls).toHaveLength(1);

    act(() => {
      screen.getByRole('button', { name: 'sign out b' }).click();
    });

    expect((await screen.findByTestId('a-error')).textContent).toMatch(/^SignedOutError: /);
    expect((await screen.findByTestId('b-error')).textContent).toMatch(/^SignedOutError: /);
    expect(screen.queryByTestId('a')).toBeNull();
    expect(running.service.authCalls).toHaveLength(1);
  });
});
