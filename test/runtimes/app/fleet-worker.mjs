// One Worker of a fleet: the GraphQL proxy sharing its token with every other Worker bound to the same
// Durable Object namespace (TOKEN_CACHE). Every script of the fleet test is this module.
import { durableObjectTokenCache } from '../../../dist/cloudflare.js';
import { endpointsForBase } from '../../../dist/core.js';
import { createGraphQLProxy } from '../../../dist/server.js';

let proxy;
export default {
  fetch(request, env) {
    proxy ??= createGraphQLProxy({
      apiKey: env.API_KEY,
      region: 'local',
      regions: { local: endpointsForBase(env.UPSTREAM) },
      authorizeRequest: (incoming) => incoming.headers.get('cookie') === 'session=signed-in',
      tokenCache: durableObjectTokenCache(env.TOKEN_CACHE, { encryptionKey: env.CACHE_KEY }),
    });
    return proxy(request);
  },
};
