const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * True for a body graphql-request can turn into data or a ClientError: a JSON object with `data` (an
 * object) or a non-empty `errors` array, `data` null or absent only beside errors. Anything else
 * made graphql-request resolve `undefined` or throw a bare Error or SyntaxError.
 */
export function isGraphQLResult(body: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  if (!isPlainObject(parsed)) return false;
  const { data, errors, extensions } = parsed;
  if (extensions !== undefined && !isPlainObject(extensions)) return false;
  if (errors !== undefined && !Array.isArray(errors)) return false;
  if (data !== undefined && data !== null && !isPlainObject(data)) return false;
  return isPlainObject(data) || (Array.isArray(errors) && errors.length > 0);
}
