import { Kind, parse, type DocumentNode } from '@0no-co/graphql.web';
import { AuthConfigError } from '../core/errors/index.js';

export type OperationType = 'query' | 'mutation' | 'subscription';

/**
 * The operations an app was built with: the GraphQL Code Generator client preset's
 * `persisted-documents.json` (id → text) as imported or read, or a Map of the same.
 */
export type TrustedOperations = ReadonlyMap<string, string> | Readonly<Record<string, string>>;

/** What `authorizeOperation` is told: the list's own facts about the operation, never the browser's claims. */
export interface OperationFacts {
  /** The operation's name in the listed text (null for an anonymous one, or an unlisted introspection query). */
  operationName: string | null;
  type: OperationType;
  /** The list's id for it; null for an unlisted introspection query `allowIntrospection` let through. */
  id: string | null;
}

/** Why a request was refused before reaching the service: the telemetry's `graphql_jwt_auth.reason`. */
export type RefusedBecause = 'batch' | 'unknown_id' | 'other_text' | 'unlisted_text' | 'other_operation' | 'not_authorized';

/** What the list makes of a request body: the operation to send (the list's text), or why not. */
export type Admission =
  | { admitted: true; query: string; operationName: string | undefined; variables: Record<string, unknown> | null | undefined; facts: OperationFacts }
  | { admitted: false; because: RefusedBecause; id: string | undefined; name: string | undefined }
  /** Not a GraphQL request at all: answered 400 as without a list. */
  | null;

interface ListedDocument {
  id: string;
  text: string;
  /** Its operations by name ('' for the anonymous one), in order. */
  operations: ReadonlyMap<string, OperationType>;
  /** The name of its one operation, when it has one only: run when the browser names none. */
  sole: string | undefined;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The GraphQL over HTTP draft's prefix for a SHA-256 `documentId`. The client preset's manifest keys
 * carry it (6.x; bare hashes before), Apollo's and urql's `sha256Hash` never does: ids are compared
 * without it, so each client finds each manifest's operations.
 */
const SHA256_PREFIX = 'sha256:';

const withoutPrefix = (id: string) => (id.startsWith(SHA256_PREFIX) ? id.slice(SHA256_PREFIX.length) : id);

function operationsOf(document: DocumentNode): Map<string, OperationType> {
  const operations = new Map<string, OperationType>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) operations.set(definition.name?.value ?? '', definition.operation);
  }
  return operations;
}

/** The list, checked whole at start-up: a manifest that is not id → GraphQL text fails there, not on a request. */
function listed(operations: unknown): ListedDocument[] {
  const entries = operations instanceof Map ? [...(operations as Map<unknown, unknown>)] : isPlainObject(operations) ? Object.entries(operations) : null;
  if (entries === null) {
    throw new AuthConfigError("operations must be the client preset's persisted-documents.json (an object of id → text) or a Map of id → text");
  }
  if (entries.length === 0) throw new AuthConfigError('operations holds no operation: give the manifest your build wrote, or leave operations out');
  return entries.map(([id, text]) => {
    if (typeof id !== 'string' || id === '' || typeof text !== 'string') {
      throw new AuthConfigError(`operations must map ids to GraphQL texts: the entry ${JSON.stringify(String(id).slice(0, 100))} is not a string → string`);
    }
    let document: DocumentNode;
    try {
      document = parse(text);
    } catch {
      throw new AuthConfigError(`operations holds id ${JSON.stringify(id.slice(0, 100))}, whose text does not parse as GraphQL`);
    }
    const found = operationsOf(document);
    if (found.size === 0) throw new AuthConfigError(`operations holds id ${JSON.stringify(id.slice(0, 100))}, whose text has no operation`);
    return { id, text, operations: found, sole: found.size === 1 ? [...found.keys()][0] : undefined };
  });
}

const INTROSPECTION_FIELDS = new Set(['__schema', '__type', '__typename']);

/**
 * Whether a text the list does not hold is an introspection query and nothing else: every
 * operation a query whose top-level selections are `__schema`, `__type` or `__typename` fields
 * (what sits under those is the schema's description, whatever fragments it spreads). A top-level
 * fragment spread or inline fragment could select anything, so it does not count; text that does
 * not parse (or nests past the parser's stack) does not either.
 */
function isIntrospectionOnly(text: string): boolean {
  let document: DocumentNode;
  try {
    document = parse(text);
  } catch {
    return false;
  }
  let operations = 0;
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) continue;
    if (definition.kind !== Kind.OPERATION_DEFINITION || (definition.operation as string) !== 'query') return false;
    operations += 1;
    const introspective = definition.selectionSet.selections.every(
      (selection) => selection.kind === Kind.FIELD && INTROSPECTION_FIELDS.has(selection.name.value),
    );
    if (!introspective) return false;
  }
  return operations > 0;
}

export interface TrustedDocumentsOptions {
  /** Unlisted text that is an introspection query and nothing else goes through; default false. */
  allowIntrospection?: boolean;
}

/**
 * The proxy's check of a request against the app's list, by id (`documentId`, or Apollo's
 * `extensions.persistedQuery.sha256Hash`) or by the exact text. Two Maps, both built here: a lookup
 * is one hash of a string no longer than the list's longest (a longer one is refused unread), and no
 * document a browser sends is parsed (but an unlisted text when `allowIntrospection` is on).
 * The text compared is the list's byte for byte: normalising would make equivalent texts a game an
 * attacker plays, and what goes upstream is always the list's text.
 */
export function trustedDocuments(operations: TrustedOperations, options: TrustedDocumentsOptions = {}): (body: unknown) => Admission {
  const documents = listed(operations);
  // Each id under both its forms, so that either is one read of the string as it came (no copy to hash).
  const byId = new Map<string, ListedDocument>();
  for (const document of documents) {
    const id = withoutPrefix(document.id);
    const other = byId.get(id);
    if (other !== undefined && other.text !== document.text) {
      throw new AuthConfigError(`operations holds id ${JSON.stringify(id.slice(0, 100))} twice (with and without "sha256:"), for two texts`);
    }
    byId.set(id, document);
    byId.set(`${SHA256_PREFIX}${id}`, document);
  }
  const byText = new Map(documents.map((document) => [document.text, document]));
  // A fold, not Math.max(...all): a list of a few hundred thousand would overflow the call stack.
  const longest = (values: Iterable<string>) => {
    let most = 0;
    for (const value of values) most = Math.max(most, value.length);
    return most;
  };
  const longestId = longest(byId.keys());
  const longestText = longest(byText.keys());
  const allowIntrospection = options.allowIntrospection === true;

  /** The id as listed, with or without `sha256:` on either side. */
  const findById = (id: string): ListedDocument | undefined => (id.length > longestId ? undefined : byId.get(id));
  const findByText = (text: string) => (text.length > longestText ? undefined : byText.get(text));

  return (body) => {
    if (Array.isArray(body)) return { admitted: false, because: 'batch', id: undefined, name: undefined };
    if (!isPlainObject(body)) return null;
    const { query, variables, operationName, documentId, extensions } = body;
    if (query !== undefined && typeof query !== 'string') return null;
    if (variables !== undefined && variables !== null && !isPlainObject(variables)) return null;
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return null;
    if (documentId !== undefined && typeof documentId !== 'string') return null;
    const persisted = isPlainObject(extensions) && isPlainObject(extensions.persistedQuery) ? extensions.persistedQuery.sha256Hash : undefined;
    if (persisted !== undefined && typeof persisted !== 'string') return null;
    const name = operationName ?? undefined;
    // Two ids that disagree name no one operation.
    if (documentId !== undefined && persisted !== undefined && findById(documentId) !== findById(persisted)) {
      return { admitted: false, because: 'unknown_id', id: documentId, name };
    }
    const id = documentId ?? persisted;
    if (id === undefined && query === undefined) return null;
    let document: ListedDocument | undefined;
    if (id !== undefined) {
      document = findById(id);
      if (document === undefined) return { admitted: false, because: 'unknown_id', id, name };
      // Apollo's clients send the text with its hash; it must be the listed text itself.
      if (query !== undefined && query !== document.text) return { admitted: false, because: 'other_text', id, name };
    } else {
      document = findByText(query as string);
      if (document === undefined) {
        if (allowIntrospection && isIntrospectionOnly(query as string)) {
          return { admitted: true, query: query as string, operationName: name, variables, facts: { operationName: null, type: 'query', id: null } };
        }
        return { admitted: false, because: 'unlisted_text', id: undefined, name };
      }
    }
    // The operation the service will run: the one named, or the document's only one.
    const chosen = name ?? document.sole;
    const type = chosen === undefined ? undefined : document.operations.get(chosen);
    if (chosen === undefined || type === undefined) return { admitted: false, because: 'other_operation', id: document.id, name };
    return {
      admitted: true,
      query: document.text,
      operationName: chosen === '' ? undefined : chosen,
      variables,
      facts: { operationName: chosen === '' ? null : chosen, type, id: document.id },
    };
  };
}
