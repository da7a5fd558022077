import type { DocumentTypeDecoration, TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { DocumentNode } from 'graphql';
// graphql.web's printer (urql's) prints what graphql-js's does for executable documents, at a quarter of
// its size in an app's bundle; test/reliability checks every sent body against graphql-request's.
// Bundled, not imported on the first DocumentNode: query keys hold a hash of the printed text and are
// made during render, synchronously. Nor is `loc.source.body` sent instead: it keeps the author's spacing and
// comments, so bodies would differ from graphql-request's (and documents from codegen have no loc).
import { print } from '@0no-co/graphql.web';

export type Variables = object;
/**
 * What GraphQL Code Generator's client preset emits with `documentMode: 'string'`: its
 * `TypedDocumentString`, a String object (typeof 'object', not 'string') that carries the operation's
 * types and, with `persistedDocuments`, a `__meta__` hash.
 */
// eslint-disable-next-line @typescript-eslint/no-wrapper-object-types -- the preset's class extends String
export type TypedDocumentText<TData, TVariables> = String & DocumentTypeDecoration<TData, TVariables>;
/**
 * A document as the hooks take it: a string, a `TypedDocumentNode` (the client preset's default,
 * gql.tada's `graphql()`), or the preset's `TypedDocumentString`.
 */
export type GraphQLDocument<TData, TVariables> = string | TypedDocumentNode<TData, TVariables> | TypedDocumentText<TData, TVariables>;

const printed = new WeakMap<object, string>();

/**
 * The id a document carries: the client preset's `persistedDocuments` puts it in `__meta__.hash`
 * (`sha256:…`), on a document node and on a TypedDocumentString alike (a string has none).
 */
export const documentIdOf = (document: GraphQLDocument<unknown, never>): string | undefined =>
  // The preset's own field: its generated code types it a string.
  (document as { __meta__?: { hash?: string } }).__meta__?.hash;

/** The operation's source text: stable across renders and equal for equal documents. */
export function documentSource(document: string | DocumentNode): string {
  if (typeof document === 'string') return document;
  let source = printed.get(document);
  if (source === undefined) {
    source = print(document);
    printed.set(document, source);
  }
  return source;
}
