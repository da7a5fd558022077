import type { DocumentNode } from 'graphql';
import type { GraphQLDocument } from './document-source.js';

/** What a document says it runs; 'unknown' for one that carries only its id. */
export type OperationKind = 'query' | 'mutation' | 'unknown';

/**
 * The operation type a codegen hook may record beside the id: the client preset documents
 * `onExecutableDocumentNode` returning `{ operation: definitions[0].operation }` into `__meta__`, the
 * only place a `replaceDocumentWithHash` document keeps it.
 */
function recordedOperation(document: object): string | undefined {
  const operation = (document as { __meta__?: { operation?: unknown } }).__meta__?.operation;
  return typeof operation === 'string' ? operation : undefined;
}

/**
 * Whether a document is a mutation, from what it carries: its definitions, else its text, else the
 * operation type its `__meta__` records. A document of its id alone (the preset's
 * `replaceDocumentWithHash`) holds neither text nor definitions: read as text it was "[object
 * Object]", a query, so a mutation sent by id alone was reported as one and retried as one.
 */
export function operationKindOf(document: GraphQLDocument<unknown, never>): OperationKind {
  // Text has no `definitions`, in a string or a String object (the preset's TypedDocumentString).
  if (typeof document === 'string' || document instanceof String) {
    // The proxy runs this on any client's text: the expression has no quantifier, so it stays one pass.
    return /(^|[^\w$])mutation\b/.test(document as string) ? 'mutation' : 'query';
  }
  const { definitions } = document as Partial<DocumentNode>;
  if (definitions) {
    return definitions.some((definition) => 'operation' in definition && (definition.operation as string) === 'mutation') ? 'mutation' : 'query';
  }
  const recorded = recordedOperation(document);
  if (recorded === undefined) return 'unknown';
  return recorded === 'mutation' ? 'mutation' : 'query';
}
