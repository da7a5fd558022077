/**
 * Caller headers plus the auth headers. Names are case-insensitive in HTTP, so a caller's
 * `Authorization` is removed rather than joined with ours into one corrupt value.
 */
export function mergeHeaders(callerHeaders: Record<string, string> | undefined, authHeaders: Record<string, string>): Record<string, string> {
  if (callerHeaders === undefined) return authHeaders;
  const authNames = new Set(Object.keys(authHeaders).map((name) => name.toLowerCase()));
  const merged: Record<string, string> = {};
  for (const [name, value] of Object.entries(callerHeaders)) {
    if (!authNames.has(name.toLowerCase())) merged[name] = value;
  }
  return Object.assign(merged, authHeaders);
}
