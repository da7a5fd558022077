import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
// graphql.web's printer (urql's) prints what graphql-js's does for executable documents, at a quarter of
// its size in an app's bundle; test/reliability checks every sent body against graphql-request's.
// Bundled, not imported on the first DocumentNode: query keys hold a hash of the printed text and are
// made during render, synchronously. Nor is `loc.source.body` sent instead: it keeps the author's spacing and
// comments, so bodies would differ from graphql-request's (and documents from codegen have no loc).
import { print } from '@0no-co/graphql.web';

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
