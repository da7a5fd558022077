// @vitest-environment node
// Subscriptions through the BFF proxy: the browser's graphql-sse stream goes to createGraphQLProxy,
// which relays the mock service's stream with the server's token and moves it to each new token
// before expiry, so the browser sees neither a token nor a renewal.
import { createServer } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AuthEvent, type CoreAuthClient, createAuthClient, graphqlProxy, graphqlSubscriptions } from 'graphql-jwt-auth-react/core';
import { createGraphQLProxy, type GraphQLProxyOptions } from 'graphql-jwt-auth-react/server';
import { pentestTopic } from '../../mock-service/index.ts';
import { API_KEY, startService, type Running } from '../support/fixtures.js';
import { trackLibraryTimers } from '../support/live-timers.js';
import { readiness } from '../support/until-ready.js';
import { hasSession, post, serveHandler, SESSION_COOKIE, withSession } from './serve-handler.js';
import { graphqlRoute } from '../readme/proxy-subscriptions-server.js';
import { watchPentestState } from '../readme/proxy-subscriptions-browser.js';

const STATE_CHANGES = 'subscription StateChanges($op: String!) { pentestStateChanged(op_id: $op) { seq state } }';

interface StateEvent {
  pentestStateChanged: { seq: number; state: string };
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  vi.unstubAllEnvs();
});

/** Resolves once `ready()` holds, checked after each change the mock records and each call of `poke`. */
function waiter(running: Running) {
  const { until, recheck: poke } = readiness();
  cleanups.push(running.service.subscribe(poke));
  return { until, poke };
}

/** The proxy on 127.0.0.1 and a browser in BFF mode whose fetch records everything it sends and reads. */
async function throughProxy(running: Running, options: Partial<GraphQLProxyOptions> = {}) {
  const proxy = createGraphQLProxy({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession, ...options });
  const url = `${await serveHandler(proxy)}/api/graphql`;
  const seen: string[] = [];
  const { until, poke } = waiter(running);
  const decoder = new TextDecoder();
  const client = createAuthClient({
    graphqlProxy: graphqlProxy(url),
    subscriptions: graphqlSubscriptions({ transport: 'sse', url: (proxyUrl) => proxyUrl, load: () => import('graphql-sse') }),
    fetch: async (input, init) => {
      seen.push(
        input instanceof Request ? input.url : input.toString(),
        [...new Headers(init?.headers)].join('\n'),
        typeof init?.body === 'string' ? init.body : '',
      );
      const response = await withSession(input, init);
      seen.push([...response.headers].join('\n'));
      // The event stream, copied as it is read.
      const copied = response.body?.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            seen.push(decoder.decode(chunk));
            poke();
            controller.enqueue(chunk);
          },
        }),
      );
      return new Response(copied ?? null, { status: response.status, headers: response.headers });
    },
  });
  cleanups.push(() => {
    client.dispose();
  });
  const events: AuthEvent[] = [];
  cleanups.push(
    client.onEvent((event) => {
      events.push(event);
      poke();
    }),
  );
  return { proxy, url, client, seen, events, until, poke };
}

function subscribed(client: CoreAuthClient, opId: string, poke: () => void) {
  const seqs: number[] = [];
  const errors: Error[] = [];
  const unsubscribe = client.subscribe<StateEvent, { op: string }>(
    STATE_CHANGES,
    { op: opId },
    {
      onData: (data) => {
        seqs.push(data.pentestStateChanged.seq);
        poke();
      },
      onError: (error) => {
        errors.push(error);
        poke();
      },
    },
  );
  return { seqs, errors, unsubscribe };
}

/** A browser subscribed through the proxy to the demo's first pentest, its first event (seq 1) through. */
async function firstEventThrough(service: Running['service'], client: CoreAuthClient, until: (ready: () => boolean) => Promise<void>, poke: () => void) {
  const opId = service.demo.store('us').pentests[0]?.op_id ?? '';
  const topic = pentestTopic('pentestStateChanged', opId);
  const subscription = subscribed(client, opId, poke);
  await until(() => service.subscriptionConnections.some((connection) => connection.state === 'open' && connection.subscriptions === 1));
  service.publish(topic);
  await until(() => subscription.seqs.length === 1);
  /**
   * One more event after whatever the test did to the stream, then unsubscribed: it must come once,
   * as seq 2, with no error, on the first token and one renewal.
   */
  const secondEventOnce = async () => {
    const published = service.publish(topic);
    await until(() => subscription.seqs.at(-1) === published);
    subscription.unsubscribe();
    expect(subscription.seqs).toEqual([1, 2]);
    expect(subscription.errors).toEqual([]);
    expect(service.authCalls).toHaveLength(2);
  };
  return { ...subscription, topic, secondEventOnce };
}

/** A browser's event stream request, read as it comes: the text so far, and whether the stream ended (or broke). */
async function rawStream(url: string, body: unknown, poke: () => void) {
  const browser = new AbortController();
  cleanups.push(() => {
    browser.abort();
  });
  const response = await withSession(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal: browser.signal,
  });
  const read = { status: response.status, text: '', ended: false };
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  const next = async (): Promise<void> => {
    const chunk = await reader?.read();
    if (chunk === undefined || chunk.done) return;
    read.text += decoder.decode(chunk.value, { stream: true });
    poke();
    return next();
  };
  void next()
    .catch(() => undefined)
    .then(() => {
      read.ended = true;
      poke();
    });
  return read;
}

/**
 * The timers the relay itself made (keep-alive, the upstream connect bound, the overlap) and its
 * moves': those whose nearest library frame is in either file. The handler's own renewal timer,
 * which a relay's first token request may start, stays with the handler.
 */
function relayTimers(stacks: readonly string[]): string[] {
  return stacks.filter((stack) =>
    /[\\/]src[\\/](server[\\/]subscription-relay|core[\\/]session[\\/]token-moves)\.ts/.test(
      stack.split('\n').find((line) => /[\\/]src[\\/]/.test(line)) ?? '',
    ),
  );
}

describe('subscriptions through createGraphQLProxy (graphql-sse)', () => {
  it(
    'stays subscribed across three upstream renewals: every event by seq, once; one /v1/auth per renewal; no key or token in the browser',
    { timeout: 60_000 },
    async () => {
      // Four-second tokens: each move starts 2 s before expiry, time enough on a loaded machine (with
      // two-second ones, a move that took past its 1 s was ended by the service once in a full run).
      const running = await startService({ tokenLifetimeSec: 4 });
      const { service } = running;
      const { client, seen, until, poke, events } = await throughProxy(running);
      const opId = service.demo.store('us').pentests[0]?.op_id ?? '';
      const { seqs, errors, unsubscribe } = subscribed(client, opId, poke);
      await until(() => service.subscriptionConnections.some((connection) => connection.state === 'open' && connection.subscriptions === 1));
      const stopEmitting = service.emitEvery(20);

      // The first token, then three more: each upstream stream moved to the token just issued.
      await until(() => service.subscriptionConnections.filter((connection) => connection.subscriptions === 1).length >= 4);
      stopEmitting();
      const published = service.publish(pentestTopic('pentestStateChanged', opId));
      await until(() => seqs.at(-1) === published);
      unsubscribe();

      expect(errors).toEqual([]);
      expect(seqs).toEqual(Array.from({ length: published }, (_, index) => index + 1));
      expect(published).toBeGreaterThan(20);
      const streams = service.subscriptionConnections.filter((connection) => connection.subscriptions === 1);
      // One /v1/auth per upstream stream's token: a renewal is one call, and each token carried one stream.
      expect(streams.map((connection) => connection.tokenTag)).toEqual(service.authCalls.slice(0, streams.length).map((call) => service.tokenTag(call.token)));
      expect(service.authCalls.length).toBeLessThanOrEqual(streams.length + 1);
      // Moved before expiry, never ended by the service for its token.
      expect(streams.filter((connection) => connection.endedForExpiry)).toEqual([]);
      // The browser's one stream went on: one start, no renewal it could see.
      expect(events.filter((event) => event.type === 'subscription-start')).toHaveLength(1);
      expect(events.filter((event) => event.type === 'subscription-renewed')).toEqual([]);
      const secrets = [API_KEY, ...service.issuedTokens];
      expect(seen.filter((text) => secrets.some((secret) => text.includes(secret)))).toEqual([]);
      expect(seen.some((text) => text.includes('"seq":1'))).toBe(true);
      // Unsubscribing closes the browser's stream, and the proxy its upstream one.
      await until(() => service.subscriptionConnections.every((connection) => connection.state === 'closed'));
    },
  );

  it(
    'a move whose new upstream stream the service turns away leaves the old one relaying, and is tried again after the renewal backoff: no event lost, no error',
    { timeout: 60_000 },
    async () => {
      // Six-second tokens: the move starts 2.5 s before expiry and its retry 1 s later, well before the old stream ends.
      const running = await startService({ tokenLifetimeSec: 6 });
      const { service } = running;
      const { client, until, poke } = await throughProxy(running);
      const opId = service.demo.store('us').pentests[0]?.op_id ?? '';
      const { seqs, errors, unsubscribe } = subscribed(client, opId, poke);
      await until(() => service.subscriptionConnections.some((connection) => connection.state === 'open' && connection.subscriptions === 1));
      const stopEmitting = service.emitEvery(20);

      // The move's stream is turned away as expired (the open one runs on); the next is let in.
      service.alwaysExpired = true;
      await until(() => service.subscriptionConnections.some((connection) => connection.state === 'expired'));
      service.alwaysExpired = false;
      await until(() => service.subscriptionConnections.filter((connection) => connection.subscriptions === 1).length === 2);
      const authCallsAtMove = service.authCalls.length;
      stopEmitting();
      const published = service.publish(pentestTopic('pentestStateChanged', opId));
      await until(() => seqs.at(-1) === published);
      unsubscribe();
      await until(() => service.subscriptionConnections.every((connection) => connection.state !== 'open'));

      expect(errors).toEqual([]);
      expect(seqs).toEqual(Array.from({ length: published }, (_, index) => index + 1));
      // The first token, the turned-away move's, and the retry's (the refused one is never presented again).
      expect(authCallsAtMove).toBe(3);
      expect(service.subscriptionConnections.slice(0, 3).map((connection) => connection.state)).toEqual(['closed', 'expired', 'closed']);
      expect(service.subscriptionConnections.filter((connection) => connection.endedForExpiry)).toEqual([]);
    },
  );

  it.each([
    ['connected', 0],
    ['still connecting', 4_000],
  ])(
    'a quiet stream’s old upstream ended by the service during a move (the new one %s) hands over to the new one: no third stream, no renewal the browser sees',
    { timeout: 60_000 },
    async (_, subscribeDelayMs) => {
      // Ten-second tokens moved 3 s before expiry: the move starts at 7 s and the next one at 14 s.
      // With no events the overlap would last 5 s (MAX_OVERLAP_MS), so the service ends the old
      // stream at 10 s, in the middle of the move (before the new one connects, when it listens 4 s late).
      const running = await startService({ tokenLifetimeSec: 10 });
      const { service } = running;
      const { client, until, poke, events } = await throughProxy(running, { refreshMarginMs: 3_000 });
      const { secondEventOnce } = await firstEventThrough(service, client, until, poke);
      // The move's stream listens this late (the first one did not).
      service.subscribeDelayMs = subscribeDelayMs;

      await until(() => service.subscriptionConnections[0]?.endedForExpiry === true && service.subscriptionConnections[1]?.subscriptions === 1);
      // Two tokens, the first and the move's: the old one's end was expected, so nothing was renewed for it.
      await secondEventOnce();
      await until(() => service.subscriptionConnections.every((connection) => connection.state !== 'open'));

      expect(service.subscriptionConnections.map((connection) => connection.endedForExpiry)).toEqual([true, false]);
      expect(events.filter((event) => event.type === 'subscription-renewed')).toEqual([]);
    },
  );

  it(
    'a quiet stream’s move hands over after MAX_OVERLAP_MS when the service would keep the old stream open: the proxy closes it, and the next event comes once',
    { timeout: 60_000 },
    async () => {
      // A service that checks the token only at connect: nothing but the overlap's bound ends the old stream.
      const running = await startService({ tokenLifetimeSec: 10 });
      const { service } = running;
      service.endsSubscriptionsAtExpiry = false;
      const { client, until, poke } = await throughProxy(running, { refreshMarginMs: 3_000 });
      const { secondEventOnce } = await firstEventThrough(service, client, until, poke);

      // The move at 7 s, then 5 s of overlap with no event: the proxy lets the old stream go.
      await until(() => service.subscriptionConnections[1]?.subscriptions === 1 && service.subscriptionConnections[0]?.state === 'closed');
      await secondEventOnce();

      expect(service.subscriptionConnections.map((connection) => connection.endedForExpiry)).toEqual([false, false]);
    },
  );

  it(
    'a move whose new upstream stream lags the old one by several events relays each event once, in order: what the old one relayed already is dropped from the new one as it comes',
    { timeout: 60_000 },
    async () => {
      // The proxy's link to the service: every event stream after the first reaches it 150 ms late
      // (a slower path), so the new stream of a move delivers events the old one relayed already.
      const LAG_MS = 150;
      let streams = 0;
      const laggingLink: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        if (!(response.headers.get('content-type') ?? '').includes('text/event-stream') || ++streams === 1 || response.body === null) return response;
        const lagged = response.body.pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            async transform(chunk, controller) {
              // Each chunk LAG_MS after it came, in order: a constant lag, not a growing one.
              const due = Date.now() + LAG_MS;
              await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
              controller.enqueue(chunk);
            },
          }),
        );
        return new Response(lagged, { status: response.status, headers: response.headers });
      };
      // Six-second tokens moved 3 s before expiry: one move, and the test ends before the next.
      const running = await startService({ tokenLifetimeSec: 6 });
      const { service } = running;
      const { client, until, poke } = await throughProxy(running, { refreshMarginMs: 3_000, fetch: laggingLink });
      const opId = service.demo.store('us').pentests[0]?.op_id ?? '';
      const { seqs, errors, unsubscribe } = subscribed(client, opId, poke);
      await until(() => service.subscriptionConnections.some((connection) => connection.state === 'open' && connection.subscriptions === 1));
      const stopEmitting = service.emitEvery(20);

      // The move, and the old stream closed by the proxy once the new one is in step.
      await until(() => service.subscriptionConnections.length === 2 && service.subscriptionConnections[0]?.state === 'closed');
      stopEmitting();
      const published = service.publish(pentestTopic('pentestStateChanged', opId));
      await until(() => seqs.at(-1) === published);
      unsubscribe();

      expect(errors).toEqual([]);
      expect(seqs).toEqual(Array.from({ length: published }, (_, index) => index + 1));
      expect(service.subscriptionConnections.map((connection) => connection.endedForExpiry)).toEqual([false, false]);
    },
  );

  it(
    'moves the upstream stream on time when the proxy’s timers run ahead of its clock: a move timer that fires before the token is due waits for it',
    { timeout: 60_000 },
    async () => {
      const running = await startService({ tokenLifetimeSec: 2 });
      const { service } = running;
      // A clock 2 % slow against the timers: each move's timer fires before the session finds the token due.
      const startedAt = Date.now();
      const { client, until, poke } = await throughProxy(running, { now: () => startedAt + (Date.now() - startedAt) * 0.98 });
      const opId = service.demo.store('us').pentests[0]?.op_id ?? '';
      const { errors, unsubscribe } = subscribed(client, opId, poke);
      await until(() => service.subscriptionConnections.some((connection) => connection.state === 'open' && connection.subscriptions === 1));
      const stopEmitting = service.emitEvery(20);

      await until(() => service.subscriptionConnections.filter((connection) => connection.subscriptions === 1).length >= 4);
      stopEmitting();
      unsubscribe();

      expect(errors).toEqual([]);
      // Moved before expiry each time, never ended by the service for its token.
      expect(service.subscriptionConnections.filter((connection) => connection.endedForExpiry)).toEqual([]);
    },
  );

  it('renews once and subscribes again when the service ends the upstream stream for its token: the browser’s stream goes on', async () => {
    const running = await startService();
    const { service } = running;
    const { client, until, poke, events } = await throughProxy(running);
    const { secondEventOnce } = await firstEventThrough(service, client, until, poke);

    service.expireTokensNow();
    await until(
      () =>
        service.subscriptionConnections.filter((connection) => connection.state === 'open' && connection.subscriptions === 1).length === 1 &&
        service.subscriptionConnections.length === 2,
    );
    await secondEventOnce();

    expect(service.subscriptionConnections.map((connection) => connection.endedForExpiry)).toEqual([true, false]);
    expect(events.filter((event) => event.type === 'subscription-start')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'subscription-renewed')).toEqual([]);
    expect(events.filter((event) => event.type === 'subscription-end')).toMatchObject([{ reason: 'unsubscribed' }]);
  });

  it('closes the upstream stream when the browser disconnects, and leaves none of the relay’s timers behind', async () => {
    const running = await startService();
    const { service } = running;
    const { url } = await throughProxy(running);
    const tracker = trackLibraryTimers(/[\\/]src[\\/]/);
    cleanups.push(() => {
      tracker.stop();
    });
    const opId = service.demo.store('us').pentests[0]?.op_id ?? '';
    const { until } = waiter(running);
    const browser = new AbortController();
    const response = await withSession(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: STATE_CHANGES, variables: { op: opId } }),
      signal: browser.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // Never stored, never buffered by a proxy on the way (nginx reads x-accel-buffering).
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    await until(() => service.subscriptionConnections.some((connection) => connection.state === 'open' && connection.subscriptions === 1));
    // While the stream runs: its keep-alive, and the move due before the token falls due (the bound
    // on the upstream's connect is gone once it connected).
    await expect.poll(async () => relayTimers(await tracker.live())).toHaveLength(2);

    browser.abort();

    await until(() => service.subscriptionConnections.length === 1 && service.subscriptionConnections[0]?.state === 'closed');
    expect(service.authCalls).toHaveLength(1);
    await expect.poll(async () => relayTimers(await tracker.live())).toEqual([]);
  });

  it('a browser that leaves before the upstream stream connects takes it with it: the service sees it closed, and no relay timer is left', async () => {
    const running = await startService();
    const { service } = running;
    const { url } = await throughProxy(running);
    const tracker = trackLibraryTimers(/[\\/]src[\\/]/);
    cleanups.push(() => {
      tracker.stop();
    });
    // The service listens for the operation 2 s after it takes the connection.
    service.subscribeDelayMs = 2_000;
    const opId = service.demo.store('us').pentests[0]?.op_id ?? '';
    const { until, poke } = waiter(running);
    const browser = new AbortController();
    void withSession(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: STATE_CHANGES, variables: { op: opId } }),
      signal: browser.signal,
    }).catch(() => undefined);
    await until(() => service.subscriptionConnections.length === 1);

    browser.abort();
    poke();

    await until(() => service.subscriptionConnections[0]?.state === 'closed');
    expect(service.subscriptionConnections).toHaveLength(1);
    await expect.poll(async () => relayTimers(await tracker.live())).toEqual([]);
  });

  it('a browser that leaves while its first token is being fetched gets no upstream stream: the service sees only the next browser’s', async () => {
    const running = await startService();
    const { service } = running;
    const { url, until, poke } = await throughProxy(running);
    const opId = service.demo.store('us').pentests[0]?.op_id ?? '';
    service.authDelayMs = 500;
    const body = { query: STATE_CHANGES, variables: { op: opId } };
    const leaving = new AbortController();
    void withSession(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal: leaving.signal,
    }).catch(() => undefined);
    await until(() => service.authCalls.length === 1);
    leaving.abort();
    // A second browser, whose relay waits for the same token: both relays have it at the same moment.
    const staying = await rawStream(url, body, poke);
    await until(() => service.subscriptionConnections.some((connection) => connection.subscriptions === 1));
    service.publish(pentestTopic('pentestStateChanged', opId));
    await until(() => staying.text.includes('"seq":1'));

    expect(service.authCalls).toHaveLength(1);
    expect(service.subscriptionConnections).toHaveLength(1);
  });

  it('ends the browser’s stream when the service’s event stream cannot be reached (not a token matter): one /v1/auth, no renewal, no result', async () => {
    const running = await startService();
    const { service } = running;
    // A port nothing listens on: the upstream connect is refused, with no answer to read.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    await new Promise<void>((resolve) =>
      closed.close(() => {
        resolve();
      }),
    );
    if (address === null || typeof address === 'string') throw new Error('Expected a TCP address');
    const { url, until, poke } = await throughProxy(running, { subscriptionUrl: () => `http://127.0.0.1:${address.port}/stream` });
    const opId = service.demo.store('us').pentests[0]?.op_id ?? '';

    const read = await rawStream(url, { query: STATE_CHANGES, variables: { op: opId } }, poke);
    await until(() => read.ended);

    expect(read.status).toBe(200);
    expect(read.text).not.toContain('event: next');
    expect(service.authCalls).toHaveLength(1);
  });

  it('sends a stream a comment line every subscriptionKeepAliveMs, which the browser’s graphql-sse client skips: the events around them arrive in order, once', async () => {
    const running = await startService();
    const { service } = running;
    const { client, seen, until, poke } = await throughProxy(running, { subscriptionKeepAliveMs: 25 });
    const opId = service.demo.store('us').pentests[0]?.op_id ?? '';
    const { seqs, errors, unsubscribe } = subscribed(client, opId, poke);
    await until(() => service.subscriptionConnections.some((connection) => connection.state === 'open' && connection.subscriptions === 1));
    /** The comment lines the browser read: a line holding only ':', then the blank line that ends it. */
    const keepAlives = () => seen.join('\n').match(/(?:^|\n):\n\n/g)?.length ?? 0;

    await until(() => keepAlives() >= 2);
    const topic = pentestTopic('pentestStateChanged', opId);
    const first = service.publish(topic);
    await until(() => seqs.length === 1);
    const atFirst = keepAlives();
    await until(() => keepAlives() >= atFirst + 2);
    const second = service.publish(topic);
    await until(() => seqs.length === 2);

    expect(seqs).toEqual([first, second]);
    expect(errors).toEqual([]);
    unsubscribe();
    await until(() => service.subscriptionConnections.every((connection) => connection.state === 'closed'));
  });

  it('ends the stream of a browser that reads nothing once subscriptionBufferBytes of events wait for it, and closes the upstream stream: the server holds no more', async () => {
    const running = await startService();
    const { service } = running;
    const proxy = createGraphQLProxy({
      apiKey: API_KEY,
      region: 'test',
      regions: { test: running.baseUrl },
      authorizeRequest: hasSession,
      subscriptionBufferBytes: 2048,
    });
    cleanups.push(() => {
      proxy.dispose();
    });
    const opId = service.demo.store('us').pentests[0]?.op_id ?? '';
    const { until } = waiter(running);
    // In process, as a route handler calls it: the answer's body is never read, as by a browser that stalls.
    const response = await proxy(
      new Request('http://127.0.0.1/api/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie: SESSION_COOKIE },
        body: JSON.stringify({ query: STATE_CHANGES, variables: { op: opId } }),
      }),
    );
    expect(response.status).toBe(200);
    await until(() => service.subscriptionConnections.some((connection) => connection.state === 'open' && connection.subscriptions === 1));

    // About 70 bytes an event: 200 are seven times the 2 KiB the browser may leave unread.
    for (let event = 0; event < 200; event++) service.publish(pentestTopic('pentestStateChanged', opId));
    await until(() => service.subscriptionConnections[0]?.state === 'closed');
    expect(service.subscriptionConnections).toHaveLength(1);
    await expect(response.text()).rejects.toThrow();
  });

  it('counts an upstream stream that connects within upstreamTimeoutMs no more: a service that takes the connection and never answers ends the browser’s stream', async () => {
    const running = await startService();
    // The service's event stream path held open without a byte: a proxy or a service that hangs.
    const hanging = createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => {
      hanging.closeAllConnections();
      hanging.close();
    });
    const address = hanging.address();
    if (address === null || typeof address === 'string') throw new Error('Expected a TCP address');
    const proxy = createGraphQLProxy({
      apiKey: API_KEY,
      region: 'test',
      regions: { test: running.baseUrl },
      authorizeRequest: hasSession,
      upstreamTimeoutMs: 300,
      subscriptionUrl: () => `http://127.0.0.1:${String(address.port)}/stream`,
    });
    cleanups.push(() => {
      proxy.dispose();
    });
    const startedAt = Date.now();
    const response = await proxy(
      new Request('http://127.0.0.1/api/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie: SESSION_COOKIE },
        body: JSON.stringify({ query: STATE_CHANGES, variables: { op: 'x' } }),
      }),
    );
    await expect(response.text()).rejects.toThrow('The upstream event stream was lost');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(300);
    expect(running.service.authCalls).toHaveLength(1);
  });

  it('refuses an unlisted subscription with 403 when the list is on, before the service hears of it', async () => {
    const running = await startService();
    const { service } = running;
    const listed = 'subscription Listed($op: String!) { pentestStateChanged(op_id: $op) { seq } }';
    const { url } = await throughProxy(running, { operations: { listed } });

    const response = await withSession(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: STATE_CHANGES, variables: { op: 'x' } }),
    });

    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ errors: [{ extensions: { code: 'OPERATION_NOT_ALLOWED' } }] });
    expect(service.subscriptionConnections).toEqual([]);
    expect(service.authCalls).toEqual([]);
  });

  it('an unlisted subscription reaches the browser’s client as the proxy’s refusal (SubscriptionError, OPERATION_NOT_ALLOWED), after one request: not as an ended token', async () => {
    const running = await startService();
    const { service } = running;
    const listed = 'subscription Listed($op: String!) { pentestStateChanged(op_id: $op) { seq } }';
    const { client, seen, until, poke } = await throughProxy(running, { operations: { listed } });
    const { seqs, errors } = subscribed(client, 'op', poke);

    await until(() => errors.length > 0);

    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ name: 'SubscriptionError', errors: [{ extensions: { code: 'OPERATION_NOT_ALLOWED' } }] });
    expect(seqs).toEqual([]);
    // One request sent (its URL, headers and body, then the answer's headers and body): no retry.
    expect(seen.filter((line) => line.includes('StateChanges'))).toHaveLength(1);
    expect(service.authCalls).toEqual([]);
    expect(service.subscriptionConnections).toEqual([]);
  });

  it('ends the browser’s stream with one GraphQL error when the service refuses the key: bounded /v1/auth calls, no loop', async () => {
    const running = await startService();
    const { service } = running;
    const { client, until, poke } = await throughProxy(running, { apiKey: 'not-a-key' });
    const { seqs, errors } = subscribed(client, 'op', poke);

    await until(() => errors.length > 0);

    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ name: 'SubscriptionError' });
    // The proxy's answer, by its kind: never the service's detail.
    expect(errors[0]).toMatchObject({ errors: [{ message: "The service refused this server's credentials", extensions: { code: 'UPSTREAM_AUTH_REFUSED' } }] });
    expect(seqs).toEqual([]);
    expect(service.authCalls).toHaveLength(1);
    expect(service.subscriptionConnections).toEqual([]);
  });

  it('passes the service’s errors for an operation it cannot run to the browser, once, and ends the stream: no retry, no renewal', async () => {
    const running = await startService();
    const { service } = running;
    const { client, until, poke } = await throughProxy(running);
    const errors: Error[] = [];
    let completed = 0;
    client.subscribe('subscription Nope { noSuchField }', undefined, {
      onData: () => undefined,
      onError: (error) => {
        errors.push(error);
        poke();
      },
      onComplete: () => {
        completed += 1;
      },
    });

    await until(() => errors.length > 0);

    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ name: 'SubscriptionError', errors: [{ message: expect.stringContaining('noSuchField') as unknown }] });
    expect(completed).toBe(0);
    expect(service.authCalls).toHaveLength(1);
    // The service turned the operation away: no stream was left open, and none opened again.
    expect(service.subscriptionConnections.map((connection) => connection.subscriptions)).toEqual([0]);
    expect(service.subscriptionConnections.every((connection) => connection.state !== 'open')).toBe(true);
  });

  it('relays a result the service ends the operation with, then completes the browser’s stream and closes it: the answer ends', async () => {
    const running = await startService();
    const { service } = running;
    const { url } = await throughProxy(running);

    const response = await withSession(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: STATE_CHANGES, variables: { op: 'no-such-pentest' } }),
    });
    // Resolves only once the proxy closed the stream.
    const text = await response.text();

    expect(response.status).toBe(200);
    const events = text.split('\n\n').filter((event) => event !== '' && !event.startsWith(':'));
    expect(events).toHaveLength(2);
    expect(events[0]).toMatch(/^event: next\ndata: /);
    expect(JSON.parse(events[0]?.slice('event: next\ndata: '.length) ?? '')).toMatchObject({
      errors: [{ message: 'No pentest with op_id "no-such-pentest"' }],
    });
    expect(events[1]).toBe('event: complete\ndata:');
    expect(service.authCalls).toHaveLength(1);
    expect(service.subscriptionConnections.every((connection) => connection.state !== 'open')).toBe(true);
    // An operation that ended says nothing of its token: the next request goes with the same one.
    expect((await post(url, { query: '{ pentests_count }' })).status).toBe(200);
    expect(service.authCalls).toHaveLength(1);
    expect(service.graphqlCalls.map((call) => call.token)).toEqual([service.issuedTokens[0]]);
  });

  it('renews once and connects again when the service turns the very first upstream stream away as expired: the browser’s stream starts', async () => {
    const running = await startService();
    const { service } = running;
    const { url, until, poke } = await throughProxy(running);
    const opId = service.demo.store('us').pentests[0]?.op_id ?? '';
    service.alwaysExpired = true;

    const read = await rawStream(url, { query: STATE_CHANGES, variables: { op: opId } }, poke);
    await until(() => service.subscriptionConnections.some((connection) => connection.state === 'expired'));
    service.alwaysExpired = false;
    await until(() => service.subscriptionConnections.some((connection) => connection.subscriptions === 1));
    service.publish(pentestTopic('pentestStateChanged', opId));
    await until(() => read.text.includes('"seq":1'));

    expect(read.ended).toBe(false);
    expect(service.authCalls).toHaveLength(2);
    expect(service.subscriptionConnections.map((connection) => connection.state)).toEqual(['expired', 'open']);
  });

  it('gives up with one GraphQL error when the service refuses the renewed token too, before it connects: one renewal, no loop', async () => {
    const running = await startService();
    const { service } = running;
    const { client, until, poke } = await throughProxy(running);
    const opId = service.demo.store('us').pentests[0]?.op_id ?? '';
    const { seqs, errors } = subscribed(client, opId, poke);
    await until(() => service.subscriptionConnections.some((connection) => connection.state === 'open' && connection.subscriptions === 1));
    service.publish(pentestTopic('pentestStateChanged', opId));
    await until(() => seqs.length === 1);

    // Every token answers as expired from now on: the stream's, and the one its renewal brings.
    service.alwaysExpired = true;
    service.expireTokensNow();
    await until(() => errors.length > 0);

    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      name: 'SubscriptionError',
      errors: [{ message: 'The service kept refusing the token after one renewal', extensions: { code: 'UPSTREAM_TOKEN_REFUSED' } }],
    });
    expect(seqs).toEqual([1]);
    // The first token, then one renewal: the refused one is not asked again.
    expect(service.authCalls).toHaveLength(2);
    expect(service.subscriptionConnections.map((connection) => connection.state)).toEqual(['closed', 'expired']);
  });

  it('refuses to stream a mutation: a stream opened again on a new token would run it twice', async () => {
    const running = await startService();
    const { url } = await throughProxy(running);
    const response = await withSession(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: 'mutation { pauseOp(op_id: "x") { op_id } }' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [{ message: 'Post a mutation as JSON: an event stream is opened again on each new token', extensions: { code: 'BAD_REQUEST' } }],
    });
    expect(running.service.authCalls).toEqual([]);
  });

  it('relays the operation the browser names in a document of several: its operationName goes upstream with the stream', async () => {
    const running = await startService();
    const { service } = running;
    const { url, until, poke } = await throughProxy(running);
    const opId = service.demo.store('us').pentests[0]?.op_id ?? '';
    const opened = () => service.subscriptionConnections.some((connection) => connection.state === 'open' && connection.subscriptions === 1);

    const read = await rawStream(
      url,
      { query: `query Count { pentests_count } ${STATE_CHANGES}`, variables: { op: opId }, operationName: 'StateChanges' },
      poke,
    );
    await until(() => opened() || read.ended);
    expect(read).toMatchObject({ status: 200, ended: false });
    const published = service.publish(pentestTopic('pentestStateChanged', opId));
    await until(() => read.text.includes('"seq"') || read.ended);

    expect(read.text).toContain(`{"pentestStateChanged":{"seq":${String(published)},`);
  });

  // The mock serves its GraphQL at /v1/graphql/ as well (the service's own CLI posts there), and an
  // app may write the URL so: its stream is still /v1/graphql/stream, however many slashes end it.
  it.each(['/v1/graphql/', '/v1/graphql//'])('the default event stream of a GraphQL URL written %s is <base>/v1/graphql/stream', async (path) => {
    const running = await startService();
    const { service } = running;
    const regions = { test: { authUrl: `${running.baseUrl}/v1/auth`, graphqlUrl: `${running.baseUrl}${path}` } };
    const { url, until, poke } = await throughProxy(running, { regions });
    const opId = service.demo.store('us').pentests[0]?.op_id ?? '';
    const opened = () => service.subscriptionConnections.some((connection) => connection.state === 'open' && connection.subscriptions === 1);

    const read = await rawStream(url, { query: STATE_CHANGES, variables: { op: opId } }, poke);
    await until(() => opened() || read.ended);
    expect(read).toMatchObject({ status: 200, ended: false });
    const published = service.publish(pentestTopic('pentestStateChanged', opId));
    await until(() => read.text.includes('"seq"') || read.ended);

    expect(read.text).toContain(`{"pentestStateChanged":{"seq":${String(published)},`);
    expect(service.requests.filter((request) => request.path !== '/v1/auth').map((request) => [request.path, request.status])).toEqual([
      ['/v1/graphql/stream', 200],
    ]);
  });

  it('docs/api.md’s example: the route and the browser’s watchPentestState, end to end', async () => {
    const running = await startService();
    const { service } = running;
    vi.stubEnv('API_KEY', API_KEY);
    const url = await serveHandler(graphqlRoute({ signedIn: () => true, regions: { us: running.baseUrl } }));
    const { until, poke } = waiter(running);
    const opId = service.demo.store('us').pentests[0]?.op_id ?? '';
    const seen: number[] = [];
    const stop = watchPentestState(`${url}/api/graphql`, opId, (_, seq) => {
      seen.push(seq);
      poke();
    });
    cleanups.push(stop);
    await until(() => service.subscriptionConnections.some((connection) => connection.state === 'open' && connection.subscriptions === 1));

    const published = [1, 2, 3].map(() => service.publish(pentestTopic('pentestStateChanged', opId)));
    await until(() => seen.length === 3);
    stop();

    expect(seen).toEqual(published);
    await until(() => service.subscriptionConnections.every((connection) => connection.state === 'closed'));
  });
});
