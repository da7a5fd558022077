import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';

export interface Item {
  id: string;
  title: string;
  region: string;
}

export const ItemsDocument = parse(
  'query Items($first: Int) { items(first: $first) { id title region } }',
) as TypedDocumentNode<{ items: Item[] }, { first?: number }>;

export const ViewerDocument = parse('query Viewer { viewer { id name region } }') as TypedDocumentNode<
  { viewer: { id: string; name: string; region: string } },
  Record<string, never>
>;

export const AddItemDocument = parse(
  'mutation AddItem($title: String!) { addItem(title: $title) { id title region } }',
) as TypedDocumentNode<{ addItem: Item }, { title: string }>;

/** `$id: ID!` is required: the calls that run it do not compile without variables. */
export const ItemDocument = parse('query Item($id: ID!) { item(id: $id) { id title region } }') as TypedDocumentNode<
  { item: Item | null },
  { id: string }
>;
