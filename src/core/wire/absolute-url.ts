/**
 * Where a relative URL points when there is no page to resolve it against (a server). Nothing there
 * can be reached over a network: a server-side client with a relative URL needs a handler's
 * `fetchInProcess`, which serves the request itself.
 */
export const IN_PROCESS_ORIGIN = 'http://in-process.invalid';

/** graphql-request needs an absolute URL; apps write `/api/graphql`. */
export function absoluteUrl(url: string): string {
  const page = (globalThis as { location?: { href?: string } }).location?.href;
  return new URL(url, page ?? IN_PROCESS_ORIGIN).href;
}
