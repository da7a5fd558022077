import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createPortal } from 'react-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAuthClient } from '../../src/index.js';
import { PentestList } from '../support/components.js';
import { API_KEY, clientFor, startService } from '../support/fixtures.js';
import { renderWithAuth } from '../support/render.js';

// The entry reads NODE_ENV when it loads, as a bundler's replacement would: set before the import.
vi.stubEnv('NODE_ENV', 'development');
let devtools: typeof import('graphql-jwt-auth-react/devtools');
beforeAll(async () => {
  devtools = await import('graphql-jwt-auth-react/devtools');
});

const logLines = () =>
  within(screen.getByRole('list', { name: 'Auth events' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
const field = (term: string) => screen.getByText(term).nextElementSibling?.textContent;

describe('<AuthDevtools /> in development', () => {
  it('opens from its button; the log gains an expired attempt, one exchange and the retry; Renew now makes exactly one /v1/auth call', async () => {
    const running = await startService();
    const { AuthDevtools } = devtools;
    const { queryClient } = renderWithAuth(
      <>
        <PentestList />
        <AuthDevtools />
      </>,
      running,
    );
    await screen.findByTestId('pentests');
    expect(screen.queryByRole('region', { name: 'Auth devtools' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Open auth devtools' }));
    const panel = screen.getByRole('region', { name: 'Auth devtools' });
    // Logged from its mount, before it was opened: the first exchange and the query.
    expect(logLines()).toEqual([
      expect.stringContaining('exchange-start · first'),
      expect.stringContaining('exchange-end · ok'),
      expect.stringMatching(/operation · query Pentests · \w+ · ok · 200/),
    ]);
    expect(field('Status')).toBe('authenticated');
    expect(field('Region')).toBe('test');
    expect(field('Expires')).toMatch(/^in \d+ s/);
    expect(field('Last error')).toBe('—');
    const firstTag = field('Token');
    expect(logLines()[1]).toContain(`ok ${firstTag ?? ''}`);

    running.service.expireTokensNow();
    await act(() => queryClient.refetchQueries());
    // Waited for by its last line, then compared whole: a diff names any line too many.
    await waitFor(() => {
      expect(logLines().at(-1)).toMatch(/ · retry$/);
    });
    expect(logLines().slice(3)).toEqual([
      expect.stringMatching(/operation · query Pentests · \w+ · expired · 401/),
      expect.stringContaining('exchange-start · expired'),
      expect.stringContaining('exchange-end · ok'),
      expect.stringMatching(/operation · query Pentests · \w+ · ok · 200 · \d+ ms · retry$/),
    ]);
    expect(field('Token')).not.toBe(firstTag);
    // A line opens to its whole event (the same fields the client emitted), and closes again to the line.
    const retried = within(panel).getAllByRole('listitem').at(-1);
    if (retried === undefined) throw new Error('no log line');
    fireEvent.click(within(retried).getByText(/· retry$/));
    const whole = await within(retried).findByText(/"retry": true/);
    expect(JSON.parse(whole.textContent)).toMatchObject({ type: 'operation', outcome: 'ok', status: 200, retry: true, tokenTag: field('Token') });
    fireEvent.click(within(retried).getByText(/· retry$/));
    await waitFor(() => {
      expect(within(retried).queryByText(/"retry": true/)).toBeNull();
    });
    // The timeline draws the same: two tokens, the first cut by the expired answer; one expired mark, one retried.
    const timeline = within(panel).getByRole('img', { name: 'Token timeline: 2 tokens · 1 expired · 1 retried' });
    expect([...timeline.querySelectorAll<SVGGElement>('[data-token]')].map((lane) => lane.dataset.cut)).toEqual(['true', 'false']);

    const authCalls = running.service.authCalls.length;
    fireEvent.click(within(panel).getByRole('button', { name: 'Renew now' }));
    await waitFor(() => {
      expect(logLines()).toHaveLength(9);
    });
    expect(running.service.authCalls).toHaveLength(authCalls + 1);
    expect(logLines()[7]).toContain('exchange-start · forced');

    fireEvent.click(within(panel).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => {
      expect(field('Status')).toBe('signedOut');
    });
    expect(logLines().at(-1)).toContain('signed-out · here');

    fireEvent.click(within(panel).getByRole('button', { name: 'Close auth devtools' }));
    expect(screen.queryByRole('region', { name: 'Auth devtools' })).toBeNull();
    // No event line holds the key or a token the service issued.
    const shown = document.body.textContent;
    for (const secret of [API_KEY, ...running.service.issuedTokens]) expect(shown).not.toContain(secret);
  });

  it('initialIsOpen, position and styleNonce: open at once, in its corner, its one style element carrying the nonce', async () => {
    const running = await startService();
    const { AuthDevtools } = devtools;
    const { container } = render(<AuthDevtools client={clientFor(running)} initialIsOpen position="top-left" styleNonce="n0nce" />);

    expect(screen.getByRole('region', { name: 'Auth devtools' })).toBeTruthy();
    expect(container.querySelector('.gjad-top-left')).not.toBeNull();
    // Open, it docks to the edge of its corner, and offers the other.
    expect(container.querySelector('.gjad-dock-top')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Move to bottom' }));
    expect(container.querySelector('.gjad-dock-bottom')).not.toBeNull();
    expect(screen.getByRole('separator', { name: 'Resize auth devtools' }).getAttribute('aria-valuenow')).toBe('360');
    localStorage.clear();
    const styles = container.querySelectorAll('style');
    expect(styles).toHaveLength(1);
    expect(styles[0]?.nonce).toBe('n0nce');
  });

  it('<AuthDevtoolsPanel client> alone, outside any provider, shows that client and logs its events', async () => {
    const running = await startService();
    const client = createAuthClient({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl } });
    const { AuthDevtoolsPanel } = devtools;
    render(<AuthDevtoolsPanel client={client} />);

    await act(() => client.getToken());
    expect(field('Status')).toBe('authenticated');
    expect(logLines()).toEqual([expect.stringContaining('exchange-start · first'), expect.stringContaining('exchange-end · ok')]);
    client.dispose();
  });

  it('authDevtoolsPlugin(): a TanStack Devtools tab (id, name "Auth") whose element is the panel of the nearest provider\'s client', async () => {
    const running = await startService();
    const plugin = devtools.authDevtoolsPlugin({ defaultOpen: true });
    expect({ id: plugin.id, name: plugin.name, defaultOpen: plugin.defaultOpen }).toEqual({ id: 'graphql-jwt-auth-react', name: 'Auth', defaultOpen: true });
    // TanStack Devtools' React adapter renders `render` (an element) through a portal into its tab.
    const tab = document.body.appendChild(document.createElement('div'));
    renderWithAuth(
      <>
        <PentestList />
        {createPortal(plugin.render, tab)}
      </>,
      running,
    );
    await screen.findByTestId('pentests');
    const panel = within(tab).getByRole('region', { name: 'Auth devtools' });
    await waitFor(() => {
      expect(field('Status')).toBe('authenticated');
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Renew now' }));
    await waitFor(() => {
      expect(logLines().at(-1)).toContain('exchange-end · ok');
    });
    expect(running.service.authCalls).toHaveLength(2);
  });
});
