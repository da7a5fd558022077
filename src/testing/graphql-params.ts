import { getOperationAST, OperationTypeNode, parse } from 'graphql';

export interface GraphQLParams {
  query: string;
  variables: Record<string, unknown> | null;
  /** As sent, or else the name of the document's only operation: clients may omit it. */
  operationName: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** GraphQL-over-HTTP POST body. Returns an error message, since a bad body is an ordinary 400. */
export function parseGraphQLParams(body: string): GraphQLParams | string {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return 'Request body must be JSON';
  }
  if (!isRecord(value) || typeof value.query !== 'string') return 'Request body needs a string "query"';
  const { query, variables = null, operationName = null } = value;
  if (variables !== null && !isRecord(variables)) return '"variables" must be an object';
  if (operationName !== null && typeof operationName !== 'string') return '"operationName" must be a string';
  return { query, variables, operationName: operationName ?? soleOperationName(query) };
}

function soleOperationName(query: string): string | null {
  try {
    return getOperationAST(parse(query))?.name?.value ?? null;
  } catch {
    return null;
  }
}

export function isMutation(query: string, operationName: string | null): boolean {
  try {
    return getOperationAST(parse(query), operationName)?.operation === OperationTypeNode.MUTATION;
  } catch {
    return false;
  }
}
