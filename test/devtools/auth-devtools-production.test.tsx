import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthDevtools, AuthDevtoolsPanel, authDevtoolsPlugin } from 'graphql-jwt-auth-react/devtools';
import * as production from 'graphql-jwt-auth-react/devtools/production';
import { clientFor, startService } from '../support/fixtures.js';

describe('the devtools outside development', () => {
  it('graphql-jwt-auth-react/devtools renders nothing when NODE_ENV is not "development" (here "test")', async () => {
    expect(process.env.NODE_ENV).toBe('test');
    const client = clientFor(await startService());
    const { container } = render(
      <>
        <AuthDevtools client={client} initialIsOpen />
        <AuthDevtoolsPanel client={client} />
        {authDevtoolsPlugin({ client }).render}
      </>,
    );
    expect(container.innerHTML).toBe('');
  });

  it('graphql-jwt-auth-react/devtools/production renders the panel whatever NODE_ENV says', async () => {
    const client = clientFor(await startService());
    render(<production.AuthDevtools client={client} />);
    expect(screen.getByRole('button', { name: 'Open auth devtools' })).toBeTruthy();
  });

  it('graphql-jwt-auth-react/devtools/production: authDevtoolsPlugin() renders the panel whatever NODE_ENV says', async () => {
    const client = clientFor(await startService());
    render(production.authDevtoolsPlugin({ client }).render);
    expect(screen.getByRole('region', { name: 'Auth devtools' })).toBeTruthy();
  });
});
