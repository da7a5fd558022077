// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import type { AuthEvent } from '../../../src/core/index.js';
import { AccountDocument, PauseOpDocument, PentestsDocument, runningOpId } from '../../support/documents.js';
import { recordEvents as recorded } from '../../support/events.js';
import { API_KEY, clientFor, startService } from '../../support/fixtures.js';
import { catchUncaught } from '../../support/unhandled.js';

const ofType = <T extends AuthEvent['type']>(events: AuthEvent[], type: T) =>
  events.filter((event): event is Extract<AuthEvent, { type: T }> => event.type === type);

describe('client.onEvent', () => {
  it("a fresh client's first query: one exchange (first, ok with the token's tag) and one operation ok", async () => {
    const running = await startService();
    let clock = 1_000_000;
    const client = clientFor(running, { now: () => clock++ });
    const events = recorded(client);

    await client.request(AccountDocument);

    expect(events.map((event) => event.type)).toEqual(['exchange-start', 'exchange-end', 'operation']);
    const [start, end, operation] = events;
    expect(start).toMatchObject({ type: 'exchange-start', reason: 'first' });
    expect(end).toMatchObject({ type: 'exchange-end', ok: true });
    expect(operation).toMatchObject({ type: 'operation', operationName: 'Account', kind: 'query', outcome: 'ok', status: 200, retry: false });
    if (end?.type !== 'exchange-end' || !end.ok || operation?.type !== 'operation') throw new Error('unexpected events');
    expect(end.tokenTag).toMatch(/^[0-9a-z]{1,12}$/);
    expect(operation.tokenTag).toBe(end.tokenTag);
    expect(end.expiresAt).toBe(client.store.getState().expiresAt);
    // Stamped by the client's clock, in order.
    expect(events.map((event) => event.at)).toEqual([...events.map((event) => event.at)].sort((a, b) => a - b));
    expect(events.every((event) => event.at >= 1_000_000)).toBe(true);
  });

  it('after the service expires its tokens, one query: operation expired, exchange (expired), operation ok retry:true', async () => {
    const running = await startService();
    const client = clientFor(running);
    await client.request(AccountDocument);
    const events = recorded(client);

    running.service.expireTokensNow();
    await client.request(PentestsDocument);

    expect(events.map((event) => event.type)).toEqual(['operation', 'exchange-start', 'exchange-end', 'operation']);
    expect(events[0]).toMatchObject({ operationName: 'Pentests', outcome: 'expired', status: 401, retry: false });
    expect(events[1]).toMatchObject({ reason: 'expired' });
    expect(events[2]).toMatchObject({ ok: true });
    expect(events[3]).toMatchObject({ operationName: 'Pentests', outcome: 'ok', status: 200, retry: true });
    const [expired, , renewed, retried] = events;
    if (expired?.type !== 'operation' || renewed?.type !== 'exchange-end' || !renewed.ok || retried?.type !== 'operation') throw new Error('unexpected events');
    expect(retried.tokenTag).toBe(renewed.tokenTag);
    expect(retried.tokenTag).not.toBe(expired.tokenTag);
    expect(running.service.authCalls).toHaveLength(2);
  });

  it('a failed exchange ends with ok:false and the error’s name; refresh() is a forced exchange', async () => {
    const running = await startService();
    const client = clientFor(running);
    const events = recorded(client);
    running.service.failNextAuthCalls(1, 503);

    await expect(client.request(AccountDocument)).rejects.toThrow();
    await client.refresh();

    expect(events.map((event) => [event.type, 'reason' in event ? event.reason : 'ok' in event ? event.ok : null])).toEqual([
      ['exchange-start', 'first'],
      ['exchange-end', false],
      ['exchange-start', 'forced'],
      ['exchange-end', true],
    ]);
    expect(events[1]).toMatchObject({ error: 'AuthServerError' });
  });

  it("a listener that throws: the client's work goes on, later listeners hear every event, and each error is reported as uncaught", async () => {
    const running = await startService();
    const client = clientFor(running);
    const thrown = catchUncaught();
    const bug = new Error('the app’s listener bug');
    client.onEvent(() => {
      throw bug;
    });
    const events = recorded(client);

    const data = await client.request(AccountDocument);
    expect(data.session_user_account.name).toBe('Dana Demo (us)');

    expect(events.map((event) => event.type)).toEqual(['exchange-start', 'exchange-end', 'operation']);
    // Reported after the client's work, once per event, never as the request's failure.
    await vi.waitFor(() => {
      expect(thrown).toHaveLength(3);
    });
    expect(thrown).toEqual([bug, bug, bug]);
  });

  it('tells each outcome: graphql errors, a lost answer, an abort; a mutation is kind "mutation"', async () => {
    const running = await startService();
    const client = clientFor(running);
    await client.request(AccountDocument);
    const events = recorded(client);

    await expect(client.request('query Broken { no_such_field }')).rejects.toThrow();
    running.service.queueGraphqlFailures('reset');
    await expect(client.request(PauseOpDocument, { op_id: runningOpId() })).rejects.toThrow();
    const release = running.service.pauseGraphql();
    const controller = new AbortController();
    const sentBefore = running.service.graphqlCalls.length;
    const aborted = client.request(PentestsDocument, undefined, { signal: controller.signal });
    await new Promise<void>((resolve) => {
      const stop = running.service.subscribe(() => {
        if (running.service.graphqlCalls.length > sentBefore) {
          stop();
          resolve();
        }
      });
    });
    controller.abort();
    await expect(aborted).rejects.toThrow();
    release();

    const operations = ofType(events, 'operation').map(({ operationName, kind, outcome, status }) => ({ operationName, kind, outcome, status }));
    expect(operations).toEqual([
      { operationName: 'Broken', kind: 'query', outcome: 'graphql-errors', status: expect.any(Number) as number },
      { operationName: 'PauseOp', kind: 'mutation', outcome: 'network-error', status: 0 },
      { operationName: 'Pentests', kind: 'query', outcome: 'aborted', status: 0 },
    ]);
  });

  it('signOut() is signed-out "here"; unsubscribed listeners hear nothing more', async () => {
    const running = await startService();
    const client = clientFor(running);
    const events = recorded(client);
    const late: AuthEvent[] = [];
    const unsubscribe = client.onEvent((event) => late.push(event));
    unsubscribe();

    client.signOut();

    expect(events).toEqual([{ type: 'signed-out', where: 'here', at: expect.any(Number) as number }]);
    expect(late).toEqual([]);
  });

  it('no event of a storm (expiries, auth outages, resets, aborts, sign-outs) holds the key or any issued token', async () => {
    const running = await startService();
    const client = clientFor(running);
    const events = recorded(client);
    const settle = (promise: Promise<unknown>) => promise.catch(() => undefined);

    for (let round = 0; round < 6; round++) {
      if (round % 2 === 1) running.service.expireTokensNow();
      if (round === 3) running.service.failNextAuthCalls(1, 503);
      if (round === 2) running.service.queueGraphqlFailures('reset', 500);
      if (round === 4) client.signOut();
      if (round === 5) await settle(client.refresh());
      const controller = new AbortController();
      const batch = [
        ...Array.from({ length: 8 }, () => client.request(PentestsDocument)),
        client.request(PauseOpDocument, { op_id: runningOpId() }),
        client.request(AccountDocument, undefined, { signal: controller.signal }),
      ];
      controller.abort();
      await Promise.all(batch.map(settle));
    }

    expect(ofType(events, 'operation').length).toBeGreaterThan(20);
    expect(new Set(events.map((event) => event.type))).toEqual(new Set(['exchange-start', 'exchange-end', 'operation', 'signed-out']));
    const printed = JSON.stringify(events);
    expect(running.service.issuedTokens.length).toBeGreaterThanOrEqual(3);
    for (const secret of [API_KEY, ...running.service.issuedTokens]) expect(printed).not.toContain(secret);
    // The events survive a round trip through JSON unchanged: plain data only.
    expect(JSON.parse(printed)).toEqual(events);
  });
});
