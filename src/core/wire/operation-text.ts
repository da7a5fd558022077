import type { DocumentNode, OperationDefinitionNode } from 'graphql';
import { operationNameOf } from './operation-name.js';
import { documentSource, type GraphQLDocument } from './document-source.js';

/** What goes into the POST body besides the variables. */
export interface OperationText {
  query: string;
  /** Named only when the document holds exactly one operation, as graphql-request names it. */
  operationName: string | undefined;
}

const scannedStrings = new Map<string, OperationText>();
/** Apps build few query strings; one that builds them per call must not grow the cache without end. */
const MAX_CACHED_STRINGS = 100;
/**
 * The most text the cache keeps, all strings together (in UTF-16 code units): a server's client
 * reports any browser's query (the proxy with an `onEvent` listener), up to `maxBodyBytes` each, and
 * a cache bounded by count alone kept a hundred of them, about 100 MB. An app's own documents are a
 * few kB each.
 */
export const MAX_CACHED_TEXT_LENGTH = 512 * 1024;
/** A longer string is scanned each time (the scan is linear), not kept: no app builds one per call. */
export const MAX_CACHED_STRING_LENGTH = 64 * 1024;
let cachedLength = 0;

/** Keeps `known` for its text, emptying the cache first when it would grow past either bound. */
function keep(known: OperationText): void {
  if (known.query.length > MAX_CACHED_STRING_LENGTH) return;
  if (scannedStrings.size >= MAX_CACHED_STRINGS || cachedLength + known.query.length > MAX_CACHED_TEXT_LENGTH) {
    scannedStrings.clear();
    cachedLength = 0;
  }
  scannedStrings.set(known.query, known);
  cachedLength += known.query.length;
}

function operationNameOfDocument(document: DocumentNode): string | undefined {
  // The preset's replaceDocumentWithHash leaves a document its id alone: no definitions, no name.
  const operations = (document.definitions as DocumentNode['definitions'] | undefined)?.filter(
    (definition): definition is OperationDefinitionNode => (definition.kind as string) === 'OperationDefinition',
  );
  return operations?.length === 1 ? operations[0]?.name?.value : undefined;
}

/**
 * The text and name of a document, worked out once per document: printing a DocumentNode (what
 * graphql-request does on every request) costs more than the rest of the client's work together.
 * A DocumentNode is printed once for its query key and its requests alike (documentSource).
 */
export function operationText(document: GraphQLDocument<unknown, never>): OperationText {
  // The preset's TypedDocumentString is a String object: neither a string nor a DocumentNode.
  if (document instanceof String) return operationText(String(document));
  if (typeof document !== 'string') return { query: documentSource(document), operationName: operationNameOfDocument(document) };
  let known = scannedStrings.get(document);
  if (known === undefined) {
    known = { query: document, operationName: operationNameOf(document) };
    keep(known);
  }
  return known;
}
