import { AuthError } from './auth-error.js';

/**
 * `client.subscribe` could not load the transport library its `graphqlSubscriptions()` names
 * (graphql-ws or graphql-sse, optional peers): it is not installed, or a browser bundle was not
 * handed it (`load: () => import('graphql-ws')`). Reported through `onError`; nothing is sent.
 * Said in full in every build: only an app that subscribes carries it, and it names no secret.
 */
export class SubscriptionTransportMissingError extends AuthError {
  override name = 'SubscriptionTransportMissingError';
  /** The package that could not be loaded: `graphql-ws` or `graphql-sse`. */
  declare readonly packageName: string;

  constructor(packageName: string, options?: ErrorOptions) {
    super(
      `client.subscribe could not load ${packageName}: install it, and in a browser bundle pass graphqlSubscriptions({ load: () => import('${packageName}') })`,
      options,
    );
    this.packageName = packageName;
  }
}
