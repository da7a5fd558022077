import { type FailedAnswer, postForToken } from './auth-endpoint.js';
import { appFailure } from './app-refusal.js';
import { AuthConfigError, AuthNetworkError, AuthServerError, GraphQLUrlMismatchError } from '../errors/index.js';
import { absoluteUrl } from '../wire/absolute-url.js';
import { answeredGraphqlUrl } from './answered-graphql-url.js';
import type { TokenSource } from './token-source.js';
import { abortableDelay } from '../wire/abortable-delay.js';

/**
 * The longest wait for a handler's verdict to lapse before claiming again: its verdicts hold 1 s
 * (TOKEN_VERDICT_MS in src/server/forced-renewal.ts); a longer one is not waited for (no answer
 * may stall a request), and the claim ends as one answered with the claimed token.
 */
const MAX_RECHECK_WAIT_MS = 2_000;

export interface TokenEndpointSourceOptions {
  url: string;
  fetch: typeof fetch;
  timeoutMs: number;
  /**
   * The GraphQL URL the app's `regions` give a region (undefined for a region they lack), or null
   * when the app gave none: the endpoint's answer then says where its tokens go.
   */
  configuredUrlOf: ((region: string) => string | undefined) | null;
  /** Where this client sends the region's tokens from now on, as the endpoint said. */
  learn: (region: string, graphqlUrl: string) => void;
}

/** The app chose its URL, so only agreement counts here, not what an answer alone could name. */
function sameUrl(answered: string, configured: string): boolean {
  try {
    return new URL(answered).href === absoluteUrl(configured);
  } catch {
    return false;
  }
}

/**
 * Where the answer's token may be sent, checked before anything is: the handler knows its upstream
 * (`graphqlUrl`), so the browser cannot send a token the handler got for one service to another.
 * The app's own regions, when given, must agree with it; an older handler says nothing, and then
 * the app's regions alone decide.
 */
function checkDestination(answer: Record<string, unknown>, url: string, configuredUrlOf: TokenEndpointSourceOptions['configuredUrlOf']) {
  const { region, graphqlUrl } = answer;
  if (typeof region !== 'string' || region === '') throw new AuthServerError(200, 'the token endpoint named no configured region');
  if (graphqlUrl !== undefined && typeof graphqlUrl !== 'string') throw new AuthServerError(200, "the token endpoint's graphqlUrl is not a string");
  if (configuredUrlOf === null) {
    if (graphqlUrl === undefined) {
      throw new AuthConfigError(
        `The token endpoint ${url} did not say where its tokens go (no graphqlUrl: a createTokenHandler older than this client): ` +
          'give the client the same regions as the handler, or update the server',
      );
    }
    const trusted = answeredGraphqlUrl(graphqlUrl);
    if (trusted === null) {
      throw new AuthServerError(
        200,
        `the token endpoint's graphqlUrl ${graphqlUrl} is not an absolute https URL (or http on this machine or this page's origin)`,
      );
    }
    return { region, learned: trusted };
  }
  const configured = configuredUrlOf(region);
  if (configured === undefined) throw new AuthServerError(200, 'the token endpoint named no configured region');
  if (graphqlUrl !== undefined && !sameUrl(graphqlUrl, configured)) {
    throw new GraphQLUrlMismatchError({ tokenEndpoint: url, region, endpointUrl: graphqlUrl, configuredUrl: configured });
  }
  return { region, learned: null };
}

/** A tenant-aware handler's `scope`: a short tag (createTokenHandler's is 11 characters at most). */
function scopeOf({ scope }: Record<string, unknown>): string | undefined {
  if (scope === undefined) return undefined;
  if (typeof scope !== 'string' || scope === '' || scope.length > 64)
    throw new AuthServerError(200, "the token endpoint's scope is not a tag of 1 to 64 characters");
  return scope;
}

/**
 * Tokens from the app's own backend (createTokenHandler): `{}` asks for the current token,
 * `{ expired }` for a new one when that one was refused. The key never leaves the server; the
 * endpoint's cookies travel with the request, since it checks its own user: `include`, so they go
 * to an endpoint on a separate origin too (the browser sends a site's cookies only to that site).
 */
export function tokenEndpointSource({ url, fetch, timeoutMs, configuredUrlOf, learn }: TokenEndpointSourceOptions): TokenSource {
  const endpoint = { what: 'token endpoint', url, handler: 'createTokenHandler', factory: 'tokenEndpoint()' };
  const owner = { failure: (answer: FailedAnswer) => appFailure(answer, endpoint) };
  const ask = (body: { expired?: string }) => postForToken({ fetch, url, body, timeoutMs, credentials: 'include', owner });
  return {
    async obtain(replacing) {
      let answer = await ask(replacing === null ? {} : { expired: replacing });
      // The claimed token back on a check the handler made just before the claim (a revocation since
      // would fail the request): one more claim once that verdict lapses, which the handler checks.
      const recheckInMs = answer.recheckInMs;
      if (replacing !== null && answer.token === replacing && typeof recheckInMs === 'number' && recheckInMs > 0 && recheckInMs <= MAX_RECHECK_WAIT_MS) {
        await abortableDelay(recheckInMs, undefined);
        answer = await ask({ expired: replacing });
      }
      const { region, learned } = checkDestination(answer, url, configuredUrlOf);
      if (learned !== null) learn(region, learned);
      // The handler says when it answered a claim with a token it did not check for it, and (a
      // tenant-aware one) whose data the token reaches.
      return { token: answer.token, region, secondHand: answer.handedOver === true, scope: scopeOf(answer) };
    },
    toAuthError: (error) => new AuthNetworkError(url, { cause: error }),
    settledIn: () => undefined,
  };
}

/** Token-endpoint mode as a client option, from `tokenEndpoint(url)`. */
export interface TokenEndpointMode {
  readonly kind: 'tokenEndpoint';
  readonly url: string;
  source: (options: Omit<TokenEndpointSourceOptions, 'url'>) => TokenSource;
}

/**
 * Token-mediating backend mode: tokens come from the app's token endpoint at `url`
 * (createTokenHandler); the key stays on the server. Pass it as the client's `tokenEndpoint` option.
 */
export function tokenEndpoint(url: string): TokenEndpointMode {
  return { kind: 'tokenEndpoint', url, source: (options) => tokenEndpointSource({ url, ...options }) };
}
