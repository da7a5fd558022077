import { useQueryClient } from '@tanstack/react-query';
import { graphqlQueryKey, graphqlScopeKey, useAuthClient, useGraphQLMutation } from 'graphql-jwt-auth-react';
import { PauseOpDocument, PentestsDocument } from './documents.js';

// Made once, at module level: the Pentests query whatever its variables, for every identity.
const pentestsKey = graphqlQueryKey(PentestsDocument);

export function PauseButton({ opId }: { opId: string }) {
  const queryClient = useQueryClient();
  const client = useAuthClient();
  const pauseOp = useGraphQLMutation(PauseOpDocument, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pentestsKey }),
    // Or everything this identity cached: queryClient.invalidateQueries({ queryKey: graphqlScopeKey(client.identity) })
    onError: () => queryClient.invalidateQueries({ queryKey: graphqlScopeKey(client.identity) }),
  });
  return <button onClick={() => pauseOp.mutate({ op_id: opId })}>Pause</button>;
}
