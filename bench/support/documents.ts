import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';

export interface ItemsData {
  items: { id: string; title: string }[];
}

/** Every contender runs this one operation; `first` differs per operation so no client can dedupe them. */
export const ItemsDocument = parse('query Items($first: Int) { items(first: $first) { id title } }') as TypedDocumentNode<
  ItemsData,
  { first: number }
>;
