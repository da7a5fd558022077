import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '../../src/index.js';
import { PentestList } from '../support/components.js';
import { startService } from '../support/fixtures.js';
import { providerProps } from '../support/render.js';

function AppQuery() {
  const { data } = useQuery({ queryKey: ['app'], queryFn: () => 'app data' });
  return <p data-testid="app">{data}</p>;
}

describe('which QueryClient the provider uses', () => {
  it('without any QueryClientProvider it brings its own, for our hooks and the app’s own useQuery', async () => {
    const running = await startService();

    render(
      <AuthProvider {...providerProps(running)}>
        <PentestList />
        <AppQuery />
      </AuthProvider>,
    );

    await screen.findByTestId('pentests');
    expect((await screen.findByTestId('app')).textContent).toBe('app data');
  });

  it('a queryClient prop wins over the surrounding one, which the app keeps for its own queries', async () => {
    const running = await startService();
    const outer = new QueryClient();
    const ours = new QueryClient();

    render(
      <QueryClientProvider client={outer}>
        <AuthProvider {...providerProps(running, { queryClient: ours })}>
          <PentestList />
          <AppQuery />
        </AuthProvider>
      </QueryClientProvider>,
    );

    await screen.findByTestId('pentests');
    await screen.findByTestId('app');
    expect(
      ours
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey[0]),
    ).toEqual(['graphql']);
    expect(
      outer
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey[0]),
    ).toEqual(['app']);
  });

  it('uses the surrounding QueryClientProvider when no prop is given', async () => {
    const running = await startService();
    const outer = new QueryClient();

    render(
      <QueryClientProvider client={outer}>
        <AuthProvider {...providerProps(running)}>
          <PentestList />
        </AuthProvider>
      </QueryClientProvider>,
    );

    await screen.findByTestId('pentests');
    expect(outer.getQueryCache().getAll()).toHaveLength(1);
  });
});
