import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ItemTitles } from '../../examples/typed-documents/src/items.js';
import { startService } from '../support/fixtures.js';
import { renderWithAuth } from '../support/render.js';

describe('examples/typed-documents', () => {
  it('runs the generated query and mutation documents through the hooks against the mock service', async () => {
    const running = await startService();
    renderWithAuth(<ItemTitles first={2} />, running, {}, undefined, { strict: true });

    const list = await screen.findByRole('list', { name: 'items' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['us item 1', '✓ us item 2']);

    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findByLabelText('added')).textContent).toBe('From codegen');
    expect(running.service.appliedMutations).toBe(1);
    expect(running.service.graphqlCalls.map((call) => call.operationName)).toEqual(['ExampleItems', 'ExampleAddItem']);
    expect(running.service.authCalls).toHaveLength(1);
  });
});
