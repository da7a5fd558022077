import { fingerprint } from '../sources/fingerprint.js';
import { documentIdOf } from '../wire/document-source.js';
import { operationText } from '../wire/operation-text.js';
import type { GraphQLDocument } from '../wire/transport.js';

function keyOf(document: GraphQLDocument<unknown, never>): string {
  // The very text and name a request sends (a DocumentNode is printed once for both), so the key
  // changes exactly when what is sent does, and is the same on a server and in a browser: hydration needs it.
  const { query, operationName } = operationText(document);
  // A document that holds only its id (the preset's replaceDocumentWithHash) has no text: the id, its text's hash, keys it.
  const hash = fingerprint(query === '' ? (documentIdOf(document) ?? query) : query);
  // A GraphQL name is never empty, so an operation without one is keyed by the hash alone.
  return operationName ? `${operationName}:${hash}` : hash;
}

const keyed = new WeakMap<object, string>();

/**
 * A document's element of its query keys: the operation's name, for people reading React Query
 * Devtools, and a 53-bit hash of its text, which tells apart two documents of one name (or none).
 * Keys are made on every render: a document node's is made once (hashing a 450-character text took
 * about as long as React Query's hashing of the whole key).
 */
export function operationKey(document: GraphQLDocument<unknown, never>): string {
  if (typeof document === 'string') return keyOf(document);
  let key = keyed.get(document);
  if (key === undefined) {
    key = keyOf(document);
    keyed.set(document, key);
  }
  return key;
}
