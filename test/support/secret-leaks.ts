import { inspect } from 'node:util';
import type { QueryClient } from '@tanstack/react-query';

export interface RecordedRequest {
  readonly method: string;
  readonly url?: string;
  readonly path?: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

export interface LeakSources {
  /** Every request a server received (the mock service's call records, a scripted server's calls). */
  requests?: readonly RecordedRequest[];
  /** Arguments of every console call. */
  consoleCalls?: readonly unknown[][];
  /** Every error thrown or rejected: message, toString(), stack, cause chain and own fields are read. */
  errors?: readonly unknown[];
  /** Keys, data and errors of every cached query and mutation. */
  queryClient?: QueryClient;
  /** Anything else that must not carry the secret (stores, rendered HTML). */
  other?: readonly unknown[];
}

/** Everything a value could print as, including an error's cause chain and extra fields. */
function renderings(value: unknown): string[] {
  const all = [inspect(value, { depth: Infinity, maxArrayLength: Infinity, maxStringLength: Infinity, breakLength: Infinity })];
  if (typeof value === 'string') all.push(value);
  let error: unknown = value;
  for (let depth = 0; error instanceof Error && depth < 10; depth += 1, error = error.cause) {
    all.push(error.message, String(error), error.stack ?? '');
  }
  return all;
}

/**
 * Where the secret appears outside the body of `POST …/v1/auth`, as readable places; empty when it
 * appears nowhere else. With `fragment`, any piece of the secret that long counts too (a truncated echo).
 */
export function secretLeaks(secret: string, sources: LeakSources, { fragment }: { fragment?: number } = {}): string[] {
  const size = Math.min(fragment ?? secret.length, secret.length);
  const pieces = new Set<string>();
  for (let i = 0; i + size <= secret.length; i += 1) pieces.add(secret.slice(i, i + size));
  const carries = (text: string) => [...pieces].some((piece) => text.includes(piece));
  const found: string[] = [];
  const check = (place: string, value: unknown) => {
    if (renderings(value).some(carries)) found.push(place);
  };

  for (const [index, request] of (sources.requests ?? []).entries()) {
    const where = request.path ?? request.url ?? '';
    const isAuth = request.method === 'POST' && new URL(where, 'http://x').pathname.endsWith('/v1/auth');
    check(`request ${index} (${request.method} ${where}) URL`, where);
    check(`request ${index} (${request.method} ${where}) headers`, request.headers);
    if (!isAuth) check(`request ${index} (${request.method} ${where}) body`, request.body);
  }
  for (const [index, args] of (sources.consoleCalls ?? []).entries()) check(`console call ${index}`, args);
  for (const [index, error] of (sources.errors ?? []).entries()) check(`error ${index}`, error);
  const cache = sources.queryClient;
  if (cache) {
    for (const query of cache.getQueryCache().getAll()) {
      check(`query key ${JSON.stringify(query.queryKey)}`, query.queryKey);
      check(`query data/error ${JSON.stringify(query.queryKey)}`, [query.state.data, query.state.error]);
    }
    for (const mutation of cache.getMutationCache().getAll()) {
      check(`mutation ${mutation.mutationId}`, [mutation.state.data, mutation.state.variables, mutation.state.error]);
    }
  }
  for (const [index, value] of (sources.other ?? []).entries()) check(`other ${index}`, value);
  return found;
}
