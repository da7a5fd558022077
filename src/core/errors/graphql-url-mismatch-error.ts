import { AuthConfigError } from './auth-config-error.js';

export interface GraphQLUrlMismatch {
  /** The app's token endpoint, as given to `tokenEndpoint(url)`. */
  tokenEndpoint: string;
  /** The region the endpoint's answer named. */
  region: string;
  /** Where the endpoint (createTokenHandler) sends its tokens: its own upstream. */
  endpointUrl: string;
  /** Where this client's `regions` would send them. */
  configuredUrl: string;
}

/**
 * The app's token endpoint got its token for one GraphQL URL and the client's `regions` name
 * another for the same region. Sending it there would hand the token to a service that did not
 * issue it, so nothing is sent: the options must agree. Not retried; `refresh()` asks again.
 */
export class GraphQLUrlMismatchError extends AuthConfigError {
  override name = 'GraphQLUrlMismatchError';
  declare readonly tokenEndpoint: string;
  declare readonly region: string;
  declare readonly endpointUrl: string;
  declare readonly configuredUrl: string;

  constructor({ tokenEndpoint, region, endpointUrl, configuredUrl }: GraphQLUrlMismatch) {
    super(
      `The token endpoint ${tokenEndpoint} gives tokens for ${endpointUrl}, but this client's regions send region "${region}" to ${configuredUrl}; ` +
        "no token was sent to either. Leave `regions` out of the browser's client (tokens then go where the endpoint says), " +
        'or give it the same regions as createTokenHandler',
    );
    this.tokenEndpoint = tokenEndpoint;
    this.region = region;
    this.endpointUrl = endpointUrl;
    this.configuredUrl = configuredUrl;
  }
}
