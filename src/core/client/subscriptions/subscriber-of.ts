import { unusableConfig } from '../../errors/error-message.js';
import type { AuthClient } from '../types.js';
import type { SubscribeFunction } from './types.js';

const noSubscriptions: SubscribeFunction = () => {
  throw unusableConfig('GJA_NO_SUBSCRIPTIONS');
};

/**
 * A client's subscribe, or, for a client made without `subscriptions`, one that throws
 * `GJA_NO_SUBSCRIPTIONS`. The client carries only what the option gives it (nothing without the
 * option); the throwing stand-in lives here, with the code that subscribes (the hooks, the streamed
 * query, `/core`'s createAuthClient), so an app that never subscribes carries none of it.
 */
export const subscriberOf = (client: Pick<AuthClient, 'subscribe'>): SubscribeFunction => client.subscribe ?? noSubscriptions;
