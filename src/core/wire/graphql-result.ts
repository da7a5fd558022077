export const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A result graphql-request would have turned into data or a ClientError. */
export interface GraphQLResult {
  data?: Record<string, unknown> | null;
  errors?: unknown[];
  extensions?: Record<string, unknown>;
}

/**
 * True for a parsed body that is a GraphQL result: an object with `data` (an object) or a non-empty
 * `errors` array, `data` null or absent only beside errors. Anything else made graphql-request
 * resolve `undefined` or throw a bare Error or SyntaxError.
 */
export function isGraphQLResult(parsed: unknown): parsed is GraphQLResult {
  if (!isPlainObject(parsed)) return false;
  const { data, errors, extensions } = parsed;
  if (extensions !== undefined && !isPlainObject(extensions)) return false;
  if (errors !== undefined && !Array.isArray(errors)) return false;
  if (data !== undefined && data !== null && !isPlainObject(data)) return false;
  return isPlainObject(data) || (Array.isArray(errors) && errors.length > 0);
}
