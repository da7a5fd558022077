import { expect, waitFor } from 'storybook/test';

/** A request log row as the page shows it: what the play functions count. */
export interface ShownCall {
  kind: 'auth' | 'graphql';
  operation: string;
  region: string;
  status: number;
  token: string;
  expired: boolean;
  retried: boolean;
}

export function shownCalls(canvasElement: HTMLElement): ShownCall[] {
  return [...canvasElement.querySelectorAll<HTMLElement>('[data-testid="log-row"]')].map((row) => ({
    kind: row.dataset.kind === 'auth' ? 'auth' : 'graphql',
    operation: row.dataset.operation ?? '',
    region: row.dataset.region ?? '',
    status: Number(row.dataset.status),
    token: row.dataset.token ?? '',
    expired: row.dataset.expired === 'true',
    retried: row.dataset.retried === 'true',
  }));
}

export const authRows = (calls: ShownCall[]) => calls.filter((call) => call.kind === 'auth');
export const operationRows = (calls: ShownCall[], operation: string) => calls.filter((call) => call.operation === operation);

/** Waits until the log satisfies `check` (an expect-based assertion), then returns the rows. */
export async function logSettles(canvasElement: HTMLElement, check: (calls: ShownCall[]) => Promise<void>, timeout = 5000): Promise<ShownCall[]> {
  await waitFor(() => check(shownCalls(canvasElement)), {
    timeout,
  });
  return shownCalls(canvasElement);
}

export async function expectNoFailedGraphQL(calls: ShownCall[]): Promise<void> {
  const failures = calls.filter((call) => call.kind === 'graphql' && (call.expired || (call.status !== 200 && call.status !== 0)));
  await expect(failures).toEqual([]);
}

/** Waits (up to 16 s) for the timed renewal: a second /v1/auth, then a query sent with its token. */
export function renewalSettles(canvasElement: HTMLElement): Promise<ShownCall[]> {
  return logSettles(
    canvasElement,
    async (rows) => {
      await expect(authRows(rows)).toHaveLength(2);
      await expect(rows.some((row) => row.kind === 'graphql' && row.token === 'us#2' && row.status === 200)).toBe(true);
    },
    16_000,
  );
}
