// Stands in for the documents GraphQL Code Generator writes (see examples/typed-documents).
import type { TypedDocumentNode } from 'graphql-jwt-auth-react';
import { parse } from 'graphql';

export const ItemsDocument: TypedDocumentNode<{ items: { id: string; title: string }[] }, { first?: number }> = parse(
  'query Items($first: Int) { items(first: $first) { id title } }',
);
export const AddItemDocument: TypedDocumentNode<{ addItem: { id: string } }, { title: string }> = parse(
  'mutation AddItem($title: String!) { addItem(title: $title) { id } }',
);
