// lib/graphql-backend.ts — one token for every instance when REDIS_URL is set, one per instance without it.
import { createClient } from 'redis';
import { redisTokenCache } from 'graphql-jwt-auth-react/redis';
import { createGraphQLProxy, createTokenHandler, type ServerHandlerOptions } from 'graphql-jwt-auth-react/server';

function sharedTokenCache() {
  const url = process.env.REDIS_URL;
  if (url === undefined || url === '') return {};
  // Commands fail at once while Redis is away (the cache then renews in-process), not queue up.
  const redis = createClient({ url, disableOfflineQueue: true });
  redis.on('error', () => undefined); // the cache logs one line when Redis goes and one when it is back
  void redis.connect().catch(() => undefined); // until connected, each instance renews on its own
  const encryptionKey = process.env.TOKEN_CACHE_KEY; // the same secret on every instance
  return { tokenCache: redisTokenCache(redis, encryptionKey === undefined ? {} : { encryptionKey }) };
}

const backend: ServerHandlerOptions = {
  apiKey: process.env.API_KEY ?? '',
  region: 'us',
  authorizeRequest: (request) => /(?:^|; )session=[\w-]{20,}/.test(request.headers.get('cookie') ?? ''),
  ...sharedTokenCache(),
};

export const tokenHandler = createTokenHandler(backend);
export const graphqlProxy = createGraphQLProxy(backend);
