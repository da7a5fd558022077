import type { DocumentNode } from 'graphql';
import type { GraphQLDocument } from './document-source.js';

/** What a document says it runs; 'unknown' for one that carries only its id. */
export type OperationKind = 'query' | 'mutation' | 'unknown';

/**
 * Whether a document is a mutation, from what it carries: its definitions, else its text, else the
 * operation type its `__meta__` records. A document of its id alone (the client preset's
 * `replaceDocumentWithHash`) has neither text nor definitions: read as text it was "[object Object]",
 * a query, so a mutation sent by id alone was told as one and retried as one. Only a codegen hook
 * records its type: the preset documents `onExecutableDocumentNode` returning `{ operation:
 * definitions[0].operation }`, which it puts into `__meta__` beside the hash.
 */
export function operationKindOf(document: GraphQLDocument<unknown, never>): OperationKind {
  const { definitions, __meta__: meta } = document as Partial<DocumentNode> & { __meta__?: { operation?: unknown } };
  if (definitions) return definitions.some((definition) => 'operation' in definition && (definition.operation as string) === 'mutation') ? 'mutation' : 'query';
  // Text, in a string or a String object (the preset's TypedDocumentString), which `test` reads as its
  // text. The proxy runs this on any client's text: the expression has no quantifier, so it stays one pass.
  if (typeof document == 'string' || document instanceof String) return /(^|[^\w$])mutation\b/.test(document as string) ? 'mutation' : 'query';
  return meta?.operation === undefined ? 'unknown' : meta.operation === 'mutation' ? 'mutation' : 'query';
}
