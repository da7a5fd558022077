import { useQueryClient } from '@tanstack/react-query';
import { graphqlQueryOptions, graphqlScopeKey, useAuthClient, useGraphQLMutation } from 'graphql-jwt-auth-react';
import { PauseOpDocument, PentestsDocument } from './documents.js';

export function PauseButton({ opId }: { opId: string }) {
  const queryClient = useQueryClient();
  const client = useAuthClient();
  const pauseOp = useGraphQLMutation(PauseOpDocument, {
    // The Pentests query, whatever its variables: the first three key elements are root, scope, document.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: graphqlQueryOptions(client, PentestsDocument).queryKey.slice(0, 3) }),
    // Or everything this identity cached: queryClient.invalidateQueries({ queryKey: graphqlScopeKey(client.identity) })
    onError: () => queryClient.invalidateQueries({ queryKey: graphqlScopeKey(client.identity) }),
  });
  return <button onClick={() => pauseOp.mutate({ op_id: opId })}>Pause</button>;
}
