import { AuthError } from './auth-error.js';

/**
 * Thrown during server rendering by a suspense query whose data was not prefetched. The server does
 * no token work, so React renders the nearest Suspense fallback and the query loads in the browser.
 * Prefetch on the server (graphqlQueryOptions + dehydrate + HydrationBoundary) to render it there.
 */
export class NotPrefetchedError extends AuthError {
  override name = 'NotPrefetchedError';

  constructor(options?: ErrorOptions) {
    super('A suspense query without prefetched data renders its fallback on the server and loads in the browser', options);
  }
}
