import { configure, expect, waitFor } from 'storybook/test';

/**
 * How long a play step may take to show its result: a bound, not a wait (each step ends on its event).
 * On a loaded 2-core machine a step took more than 5 s, in Chromium (the first page, a mutation's answer)
 * and under jsdom in `npm test` (the Suspense story's list).
 */
export const STEP_TIMEOUT_MS = 15_000;

// Every find and waitFor of a play function gets that bound: storybook/test has its own copy of
// Testing Library, whose default (1 s) the test setup's configure() does not reach. Every story imports
// this module, in Storybook and in `npm test` alike.
configure({ asyncUtilTimeout: STEP_TIMEOUT_MS });

/** A request log row as the page shows it: what the play functions count. */
export interface ShownCall {
  kind: 'auth' | 'graphql';
  operation: string;
  region: string;
  status: number;
  /**
   * The token by the order the log shows it issued: `us#2` for the second token the us region issued,
   * so a play function can say which token without knowing its tag; '—' for none, '?' for one the log
   * never shows issued. The page shows the token's tag.
   */
  token: string;
  expired: boolean;
  retried: boolean;
}

/** The tags the page shows, each named by its region and issue order (`us#2`), as the auth rows give them. */
function issueOrder(rows: readonly HTMLElement[]): Map<string, string> {
  const names = new Map<string, string>([['—', '—']]);
  const issued = new Map<string, number>();
  for (const { dataset } of rows) {
    const { kind, region = '', token = '—' } = dataset;
    if (kind !== 'auth' || names.has(token)) continue;
    const n = (issued.get(region) ?? 0) + 1;
    issued.set(region, n);
    names.set(token, `${region}#${String(n)}`);
  }
  return names;
}

export function shownCalls(canvasElement: HTMLElement): ShownCall[] {
  const rows = [...canvasElement.querySelectorAll<HTMLElement>('[data-testid="log-row"]')];
  const names = issueOrder(rows);
  return rows.map((row) => ({
    kind: row.dataset.kind === 'auth' ? 'auth' : 'graphql',
    operation: row.dataset.operation ?? '',
    region: row.dataset.region ?? '',
    status: Number(row.dataset.status),
    token: names.get(row.dataset.token ?? '—') ?? '?',
    expired: row.dataset.expired === 'true',
    retried: row.dataset.retried === 'true',
  }));
}

/** The token an element shows (by its tag), named as `shownCalls` names it: `us#2`. */
export const shownToken = (canvasElement: HTMLElement, element: HTMLElement): string =>
  issueOrder([...canvasElement.querySelectorAll<HTMLElement>('[data-testid="log-row"]')]).get(element.textContent) ?? '?';

export const authRows = (calls: ShownCall[]) => calls.filter((call) => call.kind === 'auth');
export const operationRows = (calls: ShownCall[], operation: string) => calls.filter((call) => call.operation === operation);

/** Waits until the log satisfies `check` (an expect-based assertion), then returns the rows. */
export async function logSettles(canvasElement: HTMLElement, check: (calls: ShownCall[]) => Promise<void>, timeout = STEP_TIMEOUT_MS): Promise<ShownCall[]> {
  await waitFor(() => check(shownCalls(canvasElement)), {
    timeout,
  });
  return shownCalls(canvasElement);
}

export async function expectNoFailedGraphQL(calls: ShownCall[]): Promise<void> {
  const failures = calls.filter((call) => call.kind === 'graphql' && (call.expired || (call.status !== 200 && call.status !== 0)));
  await expect(failures).toEqual([]);
}

/** Waits for the timed renewal (due within 16 s, plus a step's bound): a second /v1/auth, then a query sent with its token. */
export function renewalSettles(canvasElement: HTMLElement): Promise<ShownCall[]> {
  return logSettles(
    canvasElement,
    async (rows) => {
      await expect(authRows(rows)).toHaveLength(2);
      await expect(rows.some((row) => row.kind === 'graphql' && row.token === 'us#2' && row.status === 200)).toBe(true);
    },
    16_000 + STEP_TIMEOUT_MS,
  );
}
