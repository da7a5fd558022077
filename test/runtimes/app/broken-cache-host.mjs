// A Durable Object that cannot serve: every call fails, as when the object is overloaded or down.
export class TokenCacheObject {
  fetch() {
    throw new Error('token cache object unavailable');
  }
}

export default {
  fetch: () => new Response('not found', { status: 404 }),
};
