import { useQueryClient } from '@tanstack/react-query';
import { graphqlQueryOptions, graphqlScopeKey, useAuthClient, useGraphQLMutation } from 'graphql-jwt-auth-react';
import { AddItemDocument, ItemsDocument } from './documents.js';

export function AddItemButton() {
  const queryClient = useQueryClient();
  const client = useAuthClient();
  const addItem = useGraphQLMutation(AddItemDocument, {
    // The Items query, whatever its variables: the first three key elements are root, scope, document.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: graphqlQueryOptions(client, ItemsDocument).queryKey.slice(0, 3) }),
    // Or everything this identity cached: queryClient.invalidateQueries({ queryKey: graphqlScopeKey(client.identity) })
    onError: () => queryClient.invalidateQueries({ queryKey: graphqlScopeKey(client.identity) }),
  });
  return <button onClick={() => addItem.mutate({ title: 'New item' })}>Add</button>;
}
