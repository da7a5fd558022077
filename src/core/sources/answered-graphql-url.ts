import { isLoopbackHost } from '../wire/loopback-host.js';

function pageOrigin(): string | undefined {
  return (globalThis as { location?: { origin?: string } }).location?.origin;
}

/**
 * The GraphQL URL a token endpoint's answer names, as this client will send bearer tokens to it, or
 * null when it may not: only an absolute URL over https, or over http to a loopback host or the
 * page's own origin, without credentials in it. The answer is the app's own server's, but a
 * misconfigured or compromised one must not steer the token to plain http on the network, to a
 * relative path or to another scheme.
 */
export function answeredGraphqlUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '') return null;
  if (url.protocol === 'https:') return url.href;
  if (url.protocol === 'http:' && (isLoopbackHost(url.hostname) || url.origin === pageOrigin())) return url.href;
  return null;
}
