import { tokenTag } from '../../src/index.js';
import type { MockService } from '../../src/testing/index.ts';

/** One line of the request log, derived only from the mock services' own call records. */
export interface LogRow {
  readonly key: string;
  readonly time: number;
  readonly region: string;
  readonly kind: 'auth' | 'graphql';
  /** The GraphQL operation, or 'auth'. */
  readonly operation: string;
  /** 0 while the service has not answered yet. */
  readonly status: number;
  /** Auth: the token issued; GraphQL: the token presented. Its tag (as the devtools and the mock's log name it), or '—'. */
  readonly token: string;
  /** GraphQL: answered "The incoming token has expired". */
  readonly expired: boolean;
  /** A repeat of a call that failed (an expired answer, a 5xx, a dropped connection). */
  readonly retried: boolean;
}

/** A token's tag, the name `<AuthDevtools />`, the client's events and the mock's log give it; '—' for none. */
export const tokenLabel = (token: string | null): string => (token === null ? '—' : tokenTag(token));

const failed = (status: number) => status >= 500;

/**
 * Marks a call as retried when an earlier call with the same body failed and has not been
 * retried yet: the service cannot know the client's intent, but a byte-identical request right
 * after a failure is what a retry looks like on the wire.
 */
function retryTracker() {
  const owed = new Map<string, number>();
  return {
    isRetry(body: string): boolean {
      const count = owed.get(body) ?? 0;
      if (count > 0) owed.set(body, count - 1);
      return count > 0;
    },
    failed(body: string): void {
      owed.set(body, (owed.get(body) ?? 0) + 1);
    },
  };
}

function serviceRows(service: MockService): LogRow[] {
  const region = Object.keys(service.regions).join('+');
  const rows: LogRow[] = [];
  const auth = retryTracker();
  service.authCalls.forEach((call, index) => {
    const retried = auth.isRetry(call.body);
    if (failed(call.status)) auth.failed(call.body);
    const token = tokenLabel(call.token);
    const base = { key: `${region}-auth-${index}`, time: call.time, region: call.region };
    rows.push({ ...base, kind: 'auth', operation: 'auth', status: call.status, token, expired: false, retried });
  });
  const graphql = retryTracker();
  service.graphqlCalls.forEach((call, index) => {
    const retried = graphql.isRetry(call.body);
    if (call.expired || failed(call.status)) graphql.failed(call.body);
    rows.push({
      key: `${region}-graphql-${index}`,
      time: call.time,
      region: call.region,
      kind: 'graphql',
      operation: call.operationName ?? '(anonymous)',
      status: call.status,
      token: tokenLabel(call.token),
      expired: call.expired,
      retried,
    });
  });
  return rows;
}

/** Every service's calls in arrival order (stable for calls within the same millisecond). */
export function buildLog(services: readonly MockService[]): LogRow[] {
  return services
    .flatMap((service) => serviceRows(service))
    .map((row, order) => ({ row, order }))
    .sort((a, b) => a.row.time - b.row.time || a.order - b.order)
    .map(({ row }) => row);
}
