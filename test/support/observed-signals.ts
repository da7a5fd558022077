/**
 * A fetch that records the AbortSignal of every GraphQL request and sends it on unchanged to the
 * 127.0.0.1 service, so a test can see whether the caller's cancellation reached the request.
 */
export function observeGraphqlSignals(): { fetch: typeof fetch; signals: AbortSignal[] } {
  const signals: AbortSignal[] = [];
  const observingFetch: typeof fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/v1/graphql') && init?.signal) signals.push(init.signal);
    return fetch(input, init);
  };
  return { fetch: observingFetch, signals };
}
