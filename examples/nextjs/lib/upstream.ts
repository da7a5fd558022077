import 'server-only';

/**
 * The GraphQL service's base URL per region (`{base}/v1/auth`, `{base}/v1/graphql`), read at request
 * time. Not a secret: pages hand it to the browser, whose token-endpoint and browser-key modes call
 * `{base}/v1/graphql` directly. Defaults to `npm run mock-service` in the repository root.
 */
export function upstreamRegions(): { us: string } {
  return { us: process.env.UPSTREAM_URL ?? 'http://127.0.0.1:4000' };
}
