import { useGraphQLMutation, useGraphQLQuery } from 'graphql-jwt-auth-react';
import { graphql } from './gql/index.js';

// `graphql()` returns a TypedDocumentNode generated from the operation's text: the hooks infer the
// data and the variables from it, with no annotations here.
export const ExampleItemsQuery = graphql(`
  query ExampleItems($first: Int) {
    items(first: $first) {
      id
      title
      done
    }
  }
`);

export const ExampleAddItemMutation = graphql(`
  mutation ExampleAddItem($title: String!) {
    addItem(title: $title) {
      id
      title
    }
  }
`);

export function ItemTitles({ first }: { first: number }) {
  const { data, error } = useGraphQLQuery(ExampleItemsQuery, { first });
  const addItem = useGraphQLMutation(ExampleAddItemMutation);
  if (error) return <p role="alert">{error.message}</p>;
  if (data === undefined) return <p>Loading…</p>;
  return (
    <>
      <ul aria-label="items">
        {data.items.map((item) => (
          <li key={item.id}>{item.done ? `✓ ${item.title}` : item.title}</li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => {
          addItem.mutate({ title: 'From codegen' });
        }}
      >
        Add
      </button>
      {addItem.data && <p aria-label="added">{addItem.data.addItem.title}</p>}
    </>
  );
}
