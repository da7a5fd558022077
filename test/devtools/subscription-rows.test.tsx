// The devtools' subscriptions rows, from a client subscribed to the demo mock on 127.0.0.1 over
// graphql-sse with 4 s tokens (a move has a second or two): a row per operation with its live count, its token, its moves to new
// tokens by reason and how it ended; nothing shown before the client subscribes.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type AuthEvent, graphqlSubscriptions } from 'graphql-jwt-auth-react/core';
import { clientFor, startService } from '../support/fixtures.js';
import { StateChangesDocument } from '../support/subscription-documents.js';

// The entry reads NODE_ENV when it loads, as a bundler's replacement would: set before the import.
vi.stubEnv('NODE_ENV', 'development');
let devtools: typeof import('graphql-jwt-auth-react/devtools');
beforeAll(async () => {
  devtools = await import('graphql-jwt-auth-react/devtools');
});

const cells = (operation: string) =>
  within(screen.getByRole('table', { name: 'Subscriptions' }))
    .getByRole('rowheader', { name: operation })
    .closest('tr')
    ?.querySelectorAll('td');
const rowText = (operation: string) => [...(cells(operation) ?? [])].map((cell) => cell.textContent);

describe('the devtools subscriptions rows', () => {
  it('show a subscription live with its current token and its renewals, then how it ended', { timeout: 40_000 }, async () => {
    const running = await startService({ tokenLifetimeSec: 4 });
    const client = clientFor(running, { subscriptions: graphqlSubscriptions({ transport: 'sse', load: () => import('graphql-sse') }) });
    const events: AuthEvent[] = [];
    client.onEvent((event) => events.push(event));
    render(<devtools.AuthDevtoolsPanel client={client} />);
    await act(() => client.getToken());
    expect(screen.queryByRole('table', { name: 'Subscriptions' })).toBeNull();

    const opId = running.service.demo.store('us').pentests[0]?.op_id ?? '';
    const unsubscribe = client.subscribe(StateChangesDocument, { op_id: opId }, { onData: () => undefined });
    // After the first move to a new token: live, on the token it moved to.
    await waitFor(
      () => {
        const renewed = events.find((event) => event.type === 'subscription-renewed');
        expect(renewed).toBeDefined();
        expect(rowText('sse StateChanges')).toEqual(['1', renewed?.tokenTag, '1 expiring', '—']);
      },
      { timeout: 20_000 },
    );

    act(() => {
      unsubscribe();
    });
    const [, token] = rowText('sse StateChanges');
    expect(rowText('sse StateChanges')).toEqual(['0', token, expect.stringMatching(/^\d+ expiring$/), 'unsubscribed']);
    // The event log tells the same story, line by line.
    const log = within(screen.getByRole('list', { name: 'Auth events' }));
    expect(log.getAllByText(/ · subscription-start · sse StateChanges · /)).toHaveLength(1);
    expect(log.getAllByText(/ · subscription-end · sse StateChanges · .* · unsubscribed$/)).toHaveLength(1);
  });
});
