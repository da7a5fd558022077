import type { QueryFunctionContext, UseQueryOptions } from '@tanstack/react-query';
import type { GraphQLDocument, Variables } from '../core/transport.js';
import type { AuthContextValue } from './context.js';
import { type GraphQLQueryKey, graphqlQueryKey } from './query-key.js';
import { defaultQueryRetries, isTransientFailure, type RetryValue, retryOnly } from './retry.js';

/** React Query's options for a query, minus what the hook owns. */
export type GraphQLQueryOptions<TData, TSelected = TData> = Omit<
  UseQueryOptions<TData, Error, TSelected, GraphQLQueryKey>,
  'queryKey' | 'queryFn'
>;

/**
 * The one place that turns a document and variables into React Query options; the query and
 * suspense hooks are thin wrappers around it.
 */
export function buildGraphQLQueryOptions<TData, TVariables extends Variables, TOptions extends { retry?: unknown }>(
  { client, queryClient }: AuthContextValue,
  document: GraphQLDocument<TData, TVariables>,
  variables: TVariables | undefined,
  options: TOptions | undefined,
): TOptions & {
  queryKey: GraphQLQueryKey;
  queryFn: (context: QueryFunctionContext<GraphQLQueryKey>) => Promise<TData>;
  retry: (failureCount: number, error: Error) => boolean;
} {
  const retry = (options?.retry ?? queryClient.getDefaultOptions().queries?.retry) as RetryValue | undefined;
  return {
    ...(options ?? ({} as TOptions)),
    queryKey: graphqlQueryKey(client.identity, document, variables),
    // Reading `signal` tells React Query the request can be aborted when nobody needs it any more.
    queryFn: ({ signal }: QueryFunctionContext<GraphQLQueryKey>) => client.request(document, variables, { signal }),
    retry: retryOnly(isTransientFailure, retry, defaultQueryRetries()),
  };
}
