import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';

export type Variables = object;
export type GraphQLDocument<TData, TVariables> = string | TypedDocumentNode<TData, TVariables>;

const printed = new WeakMap<object, string>();

/** The operation's source text: stable across renders and equal for equal documents. */
export function documentSource(document: GraphQLDocument<unknown, never>): string {
  if (typeof document === 'string') return document;
  let source = printed.get(document);
  if (source === undefined) {
    source = print(document);
    printed.set(document, source);
  }
  return source;
}
