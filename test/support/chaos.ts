import { setTimeout as sleep } from 'node:timers/promises';
type FetchHandler = (request: Request) => Promise<Response>;

/** What a fault plan may do to one request; every field is optional and they combine. */
export interface Fault {
  /** Wait this long before anything else. */
  delayMs?: number;
  /** Hold the request until this settles (after `delayMs`): orders answers without timing. */
  holdUntil?: Promise<void>;
  /** Answer without reaching the service: a canned answer, or a connection dropped unanswered. */
  before?: 'reset' | { status: number; body: string; contentType?: string };
  /** Let the service run the request, then lose its answer: the client cannot know it was applied. */
  after?: 'reset' | number;
}

export interface SeenRequest {
  readonly path: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly fault: Fault | null;
  /** The status the client saw; 0 for a reset or while pending. */
  status: number;
}

export type FaultPlan = (request: { path: string; headers: Record<string, string>; body: string }) => Fault | null;

export interface FaultyHandler {
  readonly handle: FetchHandler;
  /** Every request in arrival order, faulted or not, as the client sent it. */
  readonly seen: SeenRequest[];
  /** Faults injected so far, by kind (e.g. `auth:before:503`, `graphql:after:reset`, `graphql:delay`). */
  readonly injected: Map<string, number>;
  plan: FaultPlan;
}

const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/**
 * Wraps a fetch-standard handler (the mock service's) with faults chosen per request by `plan`,
 * so the service itself stays untouched and keeps its own call records for what reached it.
 */
export function withFaults(inner: FetchHandler, plan: FaultPlan = () => null): FaultyHandler {
  const seen: SeenRequest[] = [];
  const injected = new Map<string, number>();
  const faulty: FaultyHandler = {
    seen,
    injected,
    plan,
    handle: async (request) => {
      const path = new URL(request.url).pathname;
      const headers = Object.fromEntries(request.headers);
      const body = await request.clone().text();
      const fault = faulty.plan({ path, headers, body });
      const record: SeenRequest = { path, method: request.method, headers, body, fault, status: 0 };
      seen.push(record);
      const area = path.endsWith('/auth') ? 'auth' : 'graphql';
      if (fault?.delayMs !== undefined && fault.delayMs > 0) {
        count(injected, `${area}:delay`);
        await sleep(fault.delayMs);
      }
      if (fault?.holdUntil !== undefined) await fault.holdUntil;
      if (fault?.before !== undefined) {
        const { before } = fault;
        count(injected, `${area}:before:${before === 'reset' ? 'reset' : before.status}`);
        if (before === 'reset') return Response.error();
        record.status = before.status;
        const contentType = before.contentType ?? 'application/json';
        return new Response(before.body, { status: before.status, headers: { 'content-type': contentType } });
      }
      const response = await inner(request);
      if (fault?.after !== undefined) {
        count(injected, `${area}:after:${fault.after}`);
        if (fault.after === 'reset') return Response.error();
        record.status = fault.after;
        return new Response('{"message":"Internal Server Error"}', {
          status: fault.after,
          headers: { 'content-type': 'application/json' },
        });
      }
      record.status = response.status;
      return response;
    },
  };
  return faulty;
}
