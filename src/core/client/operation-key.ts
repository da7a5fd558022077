import { fingerprint } from '../sources/fingerprint.js';
import { operationText } from '../wire/operation-text.js';
import type { GraphQLDocument } from '../wire/transport.js';

const keyed = new WeakMap<object, string>();

function keyOf(document: GraphQLDocument<unknown, never>): string {
  // The very text and name a request sends (a DocumentNode is printed once for both), so the key
  // changes exactly when what is sent does. The same on a server and in a browser: hydration needs it.
  const { query, operationName } = operationText(document);
  const hash = fingerprint(query);
  return operationName === undefined ? hash : `${operationName}:${hash}`;
}

/**
 * A document's element of its query keys: the operation's name, for people reading React Query
 * Devtools, and a 53-bit hash of its text, which tells apart two documents of one name (or none).
 * Keys are made on every render, so a document node's is made once.
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
