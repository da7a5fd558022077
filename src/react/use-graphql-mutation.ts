import { type UseMutationOptions, type UseMutationResult, useMutation } from '@tanstack/react-query';
import type { GraphQLDocument, Variables } from '../core/wire/transport.js';
import { useAuthContext } from './context.js';
import { isTransientAuthError } from '../core/wire/transient.js';
import { delayAtLeastRetryAfter, type RetryDelayValue, type RetryValue, retryOnly } from '../query/retry.js';

export type GraphQLMutationOptions<TData, TVariables, TContext = unknown> = Omit<UseMutationOptions<TData, Error, TVariables, TContext>, 'mutationFn'>;

/**
 * Runs a GraphQL mutation with the provider's token. An expired-token answer is retried inside the
 * client (the gateway rejected it before it ran). A 5xx or network failure of the mutation itself is
 * never retried, whatever the retry setting says: it may have been applied.
 */
export function useGraphQLMutation<TData = unknown, TVariables extends Variables = Variables, TContext = unknown>(
  document: GraphQLDocument<TData, TVariables>,
  options?: GraphQLMutationOptions<TData, TVariables, TContext>,
): UseMutationResult<TData, Error, TVariables, TContext> {
  const { client, queryClient } = useAuthContext('useGraphQLMutation');
  const defaults = queryClient.getDefaultOptions().mutations;
  const retry = options?.retry ?? defaults?.retry;
  const retryDelay = options?.retryDelay ?? defaults?.retryDelay;
  return useMutation(
    {
      ...options,
      mutationFn: (variables: TVariables) => client.request(document, variables),
      // Only failures of /v1/auth: the mutation itself was never sent, so resending cannot apply it twice.
      retry: retryOnly(isTransientAuthError, retry as RetryValue | undefined, 0),
      retryDelay: delayAtLeastRetryAfter(retryDelay as RetryDelayValue | undefined),
    },
    queryClient,
  );
}
