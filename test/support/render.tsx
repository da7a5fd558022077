import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { AuthProvider, type AuthProviderProps } from '../../src/index.js';
import { API_KEY, type Running } from './fixtures.js';

/** Retries without delay, so React Query's retry counts show up at once. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retryDelay: 0, gcTime: Infinity } } });
}

export function providerProps(running: Running, props: Partial<AuthProviderProps> = {}): AuthProviderProps {
  // A test switching modes passes `apiKey: undefined` beside its mode, which the spread's type cannot follow.
  return { apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, ...props } as AuthProviderProps;
}

/** Renders under QueryClientProvider and AuthProvider, inside StrictMode (as apps do) unless `strict: false`. */
export function renderWithAuth(
  ui: ReactNode,
  running: Running,
  props: Partial<AuthProviderProps> = {},
  queryClient: QueryClient = testQueryClient(),
  { strict = true }: { strict?: boolean } = {},
) {
  const wrapWith = (node: ReactNode, given: Partial<AuthProviderProps>) => {
    const tree = (
      <QueryClientProvider client={queryClient}>
        <AuthProvider {...providerProps(running, given)}>{node}</AuthProvider>
      </QueryClientProvider>
    );
    return strict ? <StrictMode>{tree}</StrictMode> : tree;
  };
  const wrap = (node: ReactNode) => wrapWith(node, props);
  const result = render(wrap(ui));
  return {
    ...result,
    queryClient,
    /** Renders again with these props changed; a prop given as undefined is left out (turned off). */
    rerenderWith: (extra: { [K in keyof AuthProviderProps]?: AuthProviderProps[K] | undefined }, node: ReactNode = ui) => {
      const merged: Record<string, unknown> = { ...props, ...extra };
      const kept = Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined));
      result.rerender(wrapWith(node, kept));
    },
  };
}
