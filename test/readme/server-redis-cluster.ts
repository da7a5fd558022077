// lib/graphql-backend.ts — on a Redis Cluster (node-redis ≥ 6): REDIS_NODES lists a few nodes, host:port,host:port.
import { createCluster } from 'redis';
import { redisTokenCache } from 'graphql-jwt-auth-react/redis';
import { createTokenHandler } from 'graphql-jwt-auth-react/server';

const redis = createCluster({
  rootNodes: (process.env.REDIS_NODES ?? '').split(',').map((node) => ({ url: `redis://${node}` })),
  // Every node's client fails at once while its node is away (the cache then renews in-process).
  defaults: { disableOfflineQueue: true },
});
redis.on('error', () => undefined); // the cache logs one line when Redis goes and one when it is back
void redis.connect().catch(() => undefined); // until connected, each instance renews on its own

const encryptionKey = process.env.TOKEN_CACHE_KEY; // the same secret on every instance

export const tokenHandler = createTokenHandler({
  apiKey: process.env.API_KEY ?? '',
  region: 'us',
  authorizeRequest: (request) => /(?:^|; )session=[\w-]{20,}/.test(request.headers.get('cookie') ?? ''),
  tokenCache: redisTokenCache(redis, encryptionKey === undefined ? {} : { encryptionKey }),
});
