import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PentestNames } from '../../examples/typed-documents/src/pentests.js';
import { createPentestStore } from '../support/mock-service.js';
import { startService } from '../support/fixtures.js';
import { renderWithAuth } from '../support/render.js';

describe('examples/typed-documents', () => {
  it('runs the generated query and mutation documents through the hooks against the mock service', async () => {
    const running = await startService();
    renderWithAuth(<PentestNames pageSize={2} />, running, {}, undefined, { strict: true });

    const list = await screen.findByRole('list', { name: 'pentests' });
    const [first, second] = createPentestStore('us').pentests;
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`▶ ${first!.name}`, second!.name]);

    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect((await screen.findByLabelText('paused')).textContent).toBe('paused');
    expect(running.service.appliedMutations).toBe(1);
    expect(running.service.graphqlCalls.map((call) => call.operationName)).toEqual(['ExamplePentests', 'ExamplePauseOp']);
    expect(running.service.authCalls).toHaveLength(1);
  });
});
