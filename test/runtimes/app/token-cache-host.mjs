// The Worker that hosts the fleet's Durable Object class, as a wrangler project would export it.
export { TokenCacheObject } from '../../../dist/cloudflare.js';

export default {
  fetch: () => new Response('not found', { status: 404 }),
};
