import type { GraphQLDocument, Variables } from '../wire/transport.js';
import { requestPersistently, type TransientRetryOptions } from './persistent-request.js';
import type { AuthClient } from './types.js';

/** How far a read has come: pages and items so far, and the whole count when the app gave one. */
export interface PagesProgress {
  pages: number;
  items: number;
  total?: number;
}

/** One page as allPages yields it. */
export interface Page<TData, TVariables> {
  data: TData;
  /** The variables this page was read with. */
  variables: TVariables;
  /** The next page's variables, null after the last: keep it to start again there. */
  next: TVariables | null;
  /** Counted with this page. */
  progress: PagesProgress;
}

export interface PagesOptions<TData, TVariables> extends TransientRetryOptions {
  /** The variables of the page after `data` (read with `variables`), or null when it was the last. */
  next: (data: TData, variables: TVariables) => TVariables | null;
  /** The page's items (or how many), for `progress.items`. Without it, items stays 0. */
  items?: (data: TData) => readonly unknown[] | number;
  /** The whole count, asked once beside the first page (a count query of the app's), for `progress.total`. */
  total?: () => Promise<number>;
  /** Progress already made before `variables`' page, when starting again from a page a read named. */
  start?: { pages: number; items: number };
  /** Aborting ends the read: the iterator returns and the request in flight is dropped. */
  signal?: AbortSignal | undefined;
}

/**
 * Reads a paged list to its end, one request per page, yielding each page once as it arrives:
 * "read action_logs 100 a page until an empty page", for exports that outlive a token. Every page
 * goes through `client.request`, which renews the token when due and re-sends a page answered as
 * expired: only the page not yet yielded is ever sent again, never one the caller has. A transient
 * failure is tried again with backoff (`retries`, `retryDelayMs`), any other is thrown; a page's
 * `next` is where to start again after that.
 *
 * A standalone function rather than a method of the client: an app that never reads every page
 * ships none of it (see docs/choices.md).
 */
export async function* allPages<TData, TVariables extends Variables = Variables>(
  client: AuthClient,
  document: GraphQLDocument<TData, TVariables>,
  variables: NoInfer<TVariables>,
  { next, items, total, start, signal, ...retry }: PagesOptions<TData, NoInfer<TVariables>>,
): AsyncGenerator<Page<TData, TVariables>, void, undefined> {
  let pages = start?.pages ?? 0;
  let itemCount = start?.items ?? 0;
  const totalAnswer = total?.();
  // Awaited after the first page; this only keeps a count that fails while that page does from
  // surfacing as an unhandled rejection.
  totalAnswer?.catch(() => undefined);
  let whole: number | undefined;
  for (let current: TVariables | null = variables; current !== null;) {
    if (signal?.aborted) return;
    let data: TData;
    try {
      data = await requestPersistently(client, document, current, signal, retry);
      if (totalAnswer !== undefined && whole === undefined) whole = await totalAnswer;
    } catch (error) {
      if (signal?.aborted) return;
      throw error;
    }
    const counted = items?.(data) ?? 0;
    pages += 1;
    itemCount += typeof counted === 'number' ? counted : counted.length;
    const following = next(data, current);
    yield {
      data,
      variables: current,
      next: following,
      progress: whole === undefined ? { pages, items: itemCount } : { pages, items: itemCount, total: whole },
    };
    current = following;
  }
}
