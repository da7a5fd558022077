import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { graphqlInfiniteQueryKey, graphqlQueryOptions, type TypedDocumentNode, useAuthClient, useGraphQLMutation } from '../../src/index.js';
import { type OpState, PentestDocument, type PentestsPage, PentestsPageDocument } from './documents.ts';

type Detail = { pentest: { state: OpState } | null };

/**
 * pause_op / resume_op with an optimistic update: the detail pane and every loaded list page show the
 * new state at once, and go back if the service refuses. Only the detail is refetched afterwards:
 * refetching a list would send every page it has loaded again.
 */
export function useOpAction<TData>(document: TypedDocumentNode<TData, { op_id: string }>, optimisticState: OpState) {
  const queryClient = useQueryClient();
  const client = useAuthClient();
  const detailKey = (opId: string) => graphqlQueryOptions(client, PentestDocument, { op_id: opId }).queryKey;
  // Every list of this document, whatever its search: root, scope and document, as the README's recipe.
  const listsKey = graphqlInfiniteQueryKey(client.identity, PentestsPageDocument, {}).slice(0, 3);

  const patch = (opId: string, state: OpState) => {
    queryClient.setQueryData<Detail>(detailKey(opId), (data) => (data?.pentest ? { pentest: { ...data.pentest, state } } : data));
    queryClient.setQueriesData<InfiniteData<PentestsPage, number>>({ queryKey: listsKey }, (data) =>
      data === undefined
        ? data
        : {
            ...data,
            pages: data.pages.map((page) => ({
              pentests_page: {
                pentests: page.pentests_page.pentests.map((row) => (row.op_id === opId ? { ...row, state } : row)),
              },
            })),
          },
    );
  };

  return useGraphQLMutation(document, {
    onMutate: async ({ op_id }) => {
      await queryClient.cancelQueries({ queryKey: detailKey(op_id) });
      const before = queryClient.getQueryData<Detail>(detailKey(op_id))?.pentest?.state;
      patch(op_id, optimisticState);
      return { before };
    },
    onError: (_error, { op_id }, context) => {
      if (context?.before !== undefined) patch(op_id, context.before);
    },
    onSettled: (_data, _error, { op_id }) => queryClient.invalidateQueries({ queryKey: detailKey(op_id) }),
  });
}
