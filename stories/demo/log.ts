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
  /** Auth: the token issued; GraphQL: the token presented. A short label such as `us#2`, or '—'. */
  readonly token: string;
  /** The token's last characters (its signature's), to tell tokens apart at a glance; '' for none. */
  readonly tokenTail: string;
  /** GraphQL: answered "The incoming token has expired". */
  readonly expired: boolean;
  /** A repeat of a call that failed (an expired answer, a 5xx, a dropped connection). */
  readonly retried: boolean;
}

/** `us#1` for the first token the us service issued, and so on; foreign or forged tokens are '?'. */
export function tokenLabel(services: readonly MockService[], token: string | null): string {
  if (token === null) return '—';
  return services.map((service) => service.tokenTag(token)).find((tag) => tag !== '?') ?? '?';
}

const failed = (status: number) => status >= 500;
const tail = (token: string | null) => (token === null ? '' : `…${token.slice(-6)}`);

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

function serviceRows(service: MockService, all: readonly MockService[]): LogRow[] {
  const region = Object.keys(service.regions).join('+');
  const rows: LogRow[] = [];
  const auth = retryTracker();
  service.authCalls.forEach((call, index) => {
    const retried = auth.isRetry(call.body);
    if (failed(call.status)) auth.failed(call.body);
    const token = tokenLabel(all, call.token);
    const base = { key: `${region}-auth-${index}`, time: call.time, region: call.region };
    const tokenTail = tail(call.token);
    rows.push({ ...base, kind: 'auth', operation: 'auth', status: call.status, token, tokenTail, expired: false, retried });
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
      token: tokenLabel(all, call.token),
      tokenTail: tail(call.token),
      expired: call.expired,
      retried,
    });
  });
  return rows;
}

/** Every service's calls in arrival order (stable for calls within the same millisecond). */
export function buildLog(services: readonly MockService[]): LogRow[] {
  return services
    .flatMap((service) => serviceRows(service, services))
    .map((row, order) => ({ row, order }))
    .sort((a, b) => a.row.time - b.row.time || a.order - b.order)
    .map(({ row }) => row);
}
