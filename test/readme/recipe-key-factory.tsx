import { useQueryClient } from '@tanstack/react-query';
import { graphqlScopeKey, useAuthClient, useGraphQLMutation, useGraphQLQuery } from 'graphql-jwt-auth-react';
import { PauseOpDocument, PentestDocument, PentestsDocument } from './documents.js';

// The levels the app invalidates by, as TanStack's docs teach. A hook files its query under the
// identity's scope, then these levels, then the operation and its variables:
// ['graphql', { region, identity }, 'pentests', 'list', 'Pentests:…', { page_size: 10 }]
export const pentestKeys = {
  all: ['pentests'] as const,
  lists: () => [...pentestKeys.all, 'list'] as const,
  details: () => [...pentestKeys.all, 'detail'] as const,
};

export function PentestNames({ pageSize }: { pageSize: number }) {
  const { data } = useGraphQLQuery(PentestsDocument, { page_size: pageSize }, { queryKeyPrefix: pentestKeys.lists() });
  return <p>{data?.pentests_page.pentests.map((pentest) => pentest.name).join(', ')}</p>;
}

export function PentestState({ opId }: { opId: string }) {
  const { data } = useGraphQLQuery(PentestDocument, { op_id: opId }, { queryKeyPrefix: pentestKeys.details() });
  return <p>{data?.pentest?.state}</p>;
}

export function PauseButton({ opId }: { opId: string }) {
  const queryClient = useQueryClient();
  const client = useAuthClient();
  const pauseOp = useGraphQLMutation(PauseOpDocument, {
    // This identity's lists and details. Only the lists: graphqlScopeKey(client.identity, pentestKeys.lists());
    // every identity's: ['graphql', {}, ...pentestKeys.all].
    onSuccess: () => queryClient.invalidateQueries({ queryKey: graphqlScopeKey(client.identity, pentestKeys.all) }),
  });
  return <button onClick={() => pauseOp.mutate({ op_id: opId })}>Pause</button>;
}
