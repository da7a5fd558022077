import type { GraphQLDocument, Variables } from '../wire/transport.js';
import { allPages, type Page, type PagesOptions } from './all-pages.js';
import { subscriberOf } from './subscriptions/subscriber-of.js';
import type { SubscribeFunction } from './subscriptions/types.js';
import type { AuthClient } from './types.js';
import { watchOperation, type WatchOptions } from './watch-operation.js';

/** The client `/core`'s createAuthClient returns: an AuthClient that also watches, reads every page, and always has `subscribe`. */
export interface CoreAuthClient extends AuthClient {
  /**
   * As AuthClient's; without the `subscriptions` option it throws an AuthConfigError
   * (`GJA_NO_SUBSCRIPTIONS`) at once.
   */
  subscribe: SubscribeFunction;
  /**
   * Runs `document` again every `intervalMs` until `until(answer)`, yielding each answer, across any
   * number of tokens: `watchOperation(client, …)` as a method (see there).
   */
  watch: <TData, TVariables extends Variables = Variables>(
    document: GraphQLDocument<TData, TVariables>,
    variables: NoInfer<TVariables>,
    options: WatchOptions<TData>,
  ) => AsyncGenerator<TData, void, undefined>;
  /**
   * Reads a paged list to its end, yielding each page once, renewing the token mid-read:
   * `allPages(client, …)` as a method (see there).
   */
  pages: <TData, TVariables extends Variables = Variables>(
    document: GraphQLDocument<TData, TVariables>,
    variables: NoInfer<TVariables>,
    options: PagesOptions<TData, NoInfer<TVariables>>,
  ) => AsyncGenerator<Page<TData, TVariables>, void, undefined>;
}

/**
 * Adds `watch` and `pages` (and, without the `subscriptions` option, a `subscribe` that says so) to a
 * client made by createAuthClient, and only there: AuthProvider builds
 * its client through createOwnedAuthClient, so a React app that never imports createAuthClient,
 * watchOperation or allPages ships none of this (a bundler cannot drop an object's unused members;
 * it drops an unused function). Assigned onto the client rather than spread into a copy, so the
 * object the app holds is the one every other part of the library knows.
 */
export function withLongWorkMethods(client: AuthClient): CoreAuthClient {
  return Object.assign(client, {
    subscribe: subscriberOf(client),
    watch: ((document, variables, options) => watchOperation(client, document, variables, options)) satisfies CoreAuthClient['watch'],
    pages: ((document, variables, options) => allPages(client, document, variables, options)) satisfies CoreAuthClient['pages'],
  });
}
