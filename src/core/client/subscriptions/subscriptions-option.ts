import { unusableConfig } from '../../errors/error-message.js';
import { startSubscription } from './subscription.js';
import { loadTransport, type OpenAttempt } from './transports.js';
import type { SubscriptionsContext, SubscriptionsContextArgs, SubscribeFunction, SubscriptionsOptions } from './types.js';

export type { SubscriptionsOptions } from './types.js';

/** What `graphqlSubscriptions()` gives, for `createAuthClient({ subscriptions })`. */
export interface SubscriptionsOption {
  readonly kind: 'subscriptions';
  /** As given: data, so that `<AuthProvider subscriptions={graphqlSubscriptions(…)}>` written inline keeps its client. */
  readonly transport: 'ws' | 'sse';
  /**
   * Internal: the client's subscribe, made once per client from its session. Positional, as
   * SubscriptionsContext lists them: an app that never subscribes carries this call, and no key names.
   */
  readonly open: (...context: SubscriptionsContextArgs) => SubscribeFunction;
}

/**
 * Subscriptions for `client.subscribe` (and the React hooks built on it), over graphql-ws or
 * graphql-sse, optional peers loaded only when the first subscription starts:
 * `createAuthClient({ apiKey, region, subscriptions: graphqlSubscriptions({ transport: 'ws', load: () => import('graphql-ws') }) })`.
 * An app that never subscribes leaves this function, and the libraries, out of its bundle.
 */
export function graphqlSubscriptions(options: SubscriptionsOptions): SubscriptionsOption {
  // Checked here, at set-up: without it the first subscription would fail far from the cause.
  if (typeof (options as Partial<SubscriptionsOptions>).load !== 'function') throw unusableConfig('GJA_SUBSCRIPTIONS_LOAD');
  return {
    kind: 'subscriptions',
    transport: options.transport,
    open(session, events, graphqlUrlOf, authorize, fetch, now, marginMs, wake) {
      const context: SubscriptionsContext = { session, events, graphqlUrlOf, authorize, fetch, now, marginMs, wake };
      // The transport library, loaded with the first subscription and shared by the client's others.
      let loading: Promise<OpenAttempt> | null = null;
      const transport = () => {
        loading ??= loadTransport(options, context.fetch).catch((error: unknown) => {
          loading = null;
          throw error;
        });
        return loading;
      };
      return (document, variables, handlers) => startSubscription(context, options, transport, document, variables, handlers);
    },
  };
}
