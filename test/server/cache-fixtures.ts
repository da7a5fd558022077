import { createTokenHandler, memoryTokenCache, type ServerHandlerOptions, type TokenCache } from '../../src/server/index.js';
import { API_KEY, type Running } from '../support/fixtures.js';
import { hasSession, post, serveHandler } from './serve-handler.js';

export type CacheOperation = Exclude<keyof TokenCache, 'timing'>;
export interface CacheCall {
  op: CacheOperation;
  args: unknown[];
}

const OPERATIONS: readonly CacheOperation[] = ['read', 'write', 'compareAndSet', 'takeLease', 'releaseLease'];

/**
 * The in-memory cache, on the test's clock, with every call the shared token source makes recorded
 * (as a custom TokenCache sees them); `failing` operations reject as a store that went away does.
 */
export function recordingCache(now: () => number, failing: readonly CacheOperation[] = []) {
  const store = memoryTokenCache(now);
  const calls: CacheCall[] = [];
  const cache = {} as TokenCache;
  for (const op of OPERATIONS) {
    const call = store[op] as (...args: unknown[]) => Promise<unknown>;
    cache[op] = ((...args: unknown[]) => {
      calls.push({ op, args });
      return failing.includes(op) ? Promise.reject(new Error('connection refused')) : call(...args);
    }) as never;
  }
  const callsOf = (op: CacheOperation) => calls.filter((call) => call.op === op).map((call) => call.args);
  /** The identity tag the handlers share the token under (never the key). */
  const identity = () => {
    const [first] = calls;
    if (first === undefined) throw new Error('Expected a cache call');
    return first.args[0] as string;
  };
  return { cache, store, calls, callsOf, identity };
}

/** A token handler (one process of the farm) sharing `cache`, served on 127.0.0.1. */
export function servedTokenHandler(running: Running, cache: TokenCache, options: Partial<ServerHandlerOptions> = {}): Promise<string> {
  return serveHandler(
    createTokenHandler({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession, tokenCache: cache, ...options }),
  );
}

/** What a browser gets from a token handler: the status and, on 200, the token. */
export async function askToken(url: string, body: unknown = {}): Promise<{ status: number; token?: string }> {
  const answer = await post(url, body);
  const { token } = (await answer.json()) as { token?: string };
  return token === undefined ? { status: answer.status } : { status: answer.status, token };
}
