// @vitest-environment node
// A browser's {"expired": T} renews only a token the service really refuses: a valid current token
// reported any number of times costs no /v1/auth call, and everyone keeps being served meanwhile.
import { describe, expect, it, onTestFinished } from 'vitest';
import { createTokenHandler, memoryTokenCache, type ServerHandlerOptions } from '../../src/server/index.js';
import { craftJwt, craftJwtWithPayload } from '../support/crafted-jwt.js';
import { API_KEY, type Running, startService, waitUntil } from '../support/fixtures.js';
import { base64urlEncode, decodeJwt } from '../support/jwt.js';
import { trackLibraryTimers } from '../support/live-timers.js';
import { hasSession, post, serveHandler, withSession } from './serve-handler.js';
import { createAuthClient, tokenEndpoint } from '../../src/core/index.js';

async function tokenUrl(running: Running, options: Partial<ServerHandlerOptions> = {}): Promise<string> {
  const handler = createTokenHandler({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession, ...options });
  return `${await serveHandler(handler)}/api/token`;
}

const tokenOf = async (response: Response) => ((await response.json()) as { token: string }).token;
const checks = (running: Running) => running.service.graphqlCalls.filter((call) => call.operationName === 'TokenCheck');

describe('{"expired": T} for the current, valid token', () => {
  it('100 posts at once cost 0 more /v1/auth calls, and share the checks of the handler’s own; every answer is the token in hand', async () => {
    const running = await startService();
    let arrived = 0;
    const url = await tokenUrl(running, { authorizeRequest: (request) => ((arrived += 1), hasSession(request)) });
    const token = await tokenOf(await post(url, {}));
    const release = running.service.pauseGraphql();
    const answers = Promise.all(Array.from({ length: 100 }, () => post(url, { expired: token }).then(tokenOf)));
    // Every claim arrives while the first check is held: all of them wait on that one.
    await waitUntil(() => arrived === 101);
    release();
    expect(new Set(await answers)).toEqual(new Set([token]));
    expect(running.service.authCalls).toHaveLength(1);
    expect(checks(running)).toHaveLength(1);
    expect(checks(running)[0]).toMatchObject({ token, expired: false, status: 200 });
  });

  it('while /v1/auth is held, other users’ requests and the claims keep answering from memory', async () => {
    const running = await startService();
    const url = await tokenUrl(running);
    const token = await tokenOf(await post(url, {}));
    const release = running.service.pauseAuth();
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => post(url, { expired: token }).then(tokenOf)),
      ...Array.from({ length: 20 }, () => post(url, {}).then(tokenOf)),
    ]);
    release();
    expect(new Set(answers)).toEqual(new Set([token]));
    expect(running.service.authCalls).toHaveLength(1);
  });

  it('when the check gets no answer, one renewal in service per interval; a throttled one (429) leaves the token serving', async () => {
    const running = await startService();
    const url = await tokenUrl(running, { forcedRenewalIntervalMs: 60_000 });
    const token = await tokenOf(await post(url, {}));
    running.service.queueGraphqlFailures('reset');
    running.service.queueAuthFailures({ status: 429, headers: { 'retry-after': '30' } });
    const first = await post(url, { expired: token });
    expect(first.status).toBe(200);
    expect(await tokenOf(first)).toBe(token);
    expect(running.service.authCalls.map((call) => call.status)).toEqual([200, 429]);
    // Within the check's verdict: not checked again, no renewal, and everyone is served the token in hand.
    const again = await Promise.all([post(url, { expired: token }).then(tokenOf), post(url, {}).then(tokenOf)]);
    expect(again).toEqual([token, token]);
    expect(running.service.authCalls).toHaveLength(2);
    expect(checks(running)).toHaveLength(1);
  });

  it('a check the service answers with a 503 is no verdict on the token: one renewal in service, as for a check with no answer', async () => {
    const running = await startService();
    const url = await tokenUrl(running, { forcedRenewalIntervalMs: 60_000 });
    const token = await tokenOf(await post(url, {}));
    running.service.queueGraphqlFailures(503);

    const renewed = await tokenOf(await post(url, { expired: token }));

    expect(renewed).not.toBe(token);
    expect(running.service.authCalls.map((call) => call.status)).toEqual([200, 200]);
    expect(checks(running).map((call) => call.status)).toEqual([503]);
  });

  it('a handler holding no token, claimed the shared cache’s token the service still accepts: answered as checked (not handed over), no /v1/auth call', async () => {
    const running = await startService();
    const tokenCache = memoryTokenCache();
    const held = await tokenOf(await post(await tokenUrl(running, { tokenCache }), {}));

    const second = await tokenUrl(running, { tokenCache });
    expect(await (await post(second, { expired: held })).json()).toEqual({ token: held, region: 'test', graphqlUrl: `${running.baseUrl}/v1/graphql` });
    expect(checks(running).map((call) => [call.token, call.expired])).toEqual([[held, false]]);
    expect(running.service.authCalls).toHaveLength(1);
  });
});

describe('{"expired": T} and what the claimed token says of itself', () => {
  it('a claim of a token whose exp is no finite number (a string, 1e400) costs nothing: the held token is handed over unchecked', async () => {
    const running = await startService();
    const url = await tokenUrl(running);
    const token = await tokenOf(await post(url, {}));
    // The held token's own exp as a string too: compared as a number, it would pass for a token issued as late as the held one.
    const heldExp = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { exp: number }).exp;
    for (const claimed of [craftJwt({ exp: '99999999999' }), craftJwt({ exp: String(heldExp) }), craftJwtWithPayload(base64urlEncode('{"exp":1e400}'))]) {
      expect(await (await post(url, { expired: claimed })).json()).toEqual({
        token,
        region: 'test',
        graphqlUrl: `${running.baseUrl}/v1/graphql`,
        handedOver: true,
      });
    }
    expect(checks(running)).toHaveLength(0);
    expect(running.service.authCalls).toHaveLength(1);
  });

  it('a handler holding no token answers a first claim with the token it just obtained, not as handed over', async () => {
    const running = await startService();
    const url = await tokenUrl(running);
    const answer = await post(url, { expired: craftJwt({ exp: 99_999_999_999 }) });
    expect(await answer.json()).toEqual({ token: running.service.issuedTokens[0], region: 'test', graphqlUrl: `${running.baseUrl}/v1/graphql` });
    expect(running.service.authCalls).toHaveLength(1);
    expect(checks(running)).toHaveLength(0);
  });

  it('a service whose tokens carry no readable exp: a claim of the held token is checked, of another unreadable one handed over, of any readable one answered as checked', async () => {
    const running = await startService();
    // The mock's tokens, renamed to opaque ones on the way in and back on the way out.
    const real = new Map<string, string>();
    const url = await tokenUrl(running, {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const sent = real.get(request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '');
        if (sent !== undefined) request.headers.set('authorization', `Bearer ${sent}`);
        const answer = await fetch(request);
        if (!answer.url.endsWith('/v1/auth') || !answer.ok) return answer;
        const opaque = `opaque-${real.size}`;
        real.set(opaque, ((await answer.json()) as { token: string }).token);
        return Response.json({ token: opaque });
      },
    });
    const held = await tokenOf(await post(url, {}));
    expect(held).toBe('opaque-0');

    expect(await (await post(url, { expired: 'opaque-other' })).json()).toMatchObject({ token: held, handedOver: true });
    expect(checks(running)).toHaveLength(0);
    expect(await (await post(url, { expired: held })).json()).toEqual({ token: held, region: 'test', graphqlUrl: `${running.baseUrl}/v1/graphql` });
    expect(checks(running)).toHaveLength(1);
    // Answered by the held token's verdict, just taken: not handed over, and no second check.
    expect(await (await post(url, { expired: craftJwt({ exp: -1 }) })).json()).toEqual({
      token: held,
      region: 'test',
      graphqlUrl: `${running.baseUrl}/v1/graphql`,
    });
    // An hour ahead too: with no exp of its own to bound it, the held token cannot say it was not issued now.
    expect(await (await post(url, { expired: craftJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }) })).json()).toEqual({
      token: held,
      region: 'test',
      graphqlUrl: `${running.baseUrl}/v1/graphql`,
    });
    expect(checks(running)).toHaveLength(1);
    expect(running.service.authCalls).toHaveLength(1);
  });

  it('a check that answered leaves no timer behind: its bound is cleared with it', async () => {
    const tracker = trackLibraryTimers(/[\\/]src[\\/]server[\\/]forced-renewal/);
    onTestFinished(() => {
      tracker.stop();
    });
    const running = await startService();
    const url = await tokenUrl(running);
    const token = await tokenOf(await post(url, {}));
    expect(await tokenOf(await post(url, { expired: token }))).toBe(token);
    expect(checks(running)).toHaveLength(1);
    expect(await tracker.live()).toEqual([]);
  });
});

describe('{"expired": T} while the service holds every GraphQL request', () => {
  it('20 concurrent claims are all answered within the check’s bound (upstreamTimeoutMs), with 1 check and 1 renewal in service', async () => {
    const running = await startService();
    const url = await tokenUrl(running, { upstreamTimeoutMs: 1_000 });
    const token = await tokenOf(await post(url, {}));
    onTestFinished(running.service.pauseGraphql());
    const startedAt = performance.now();

    const answers = await Promise.all(Array.from({ length: 20 }, () => post(url, { expired: token })));

    const tookMs = performance.now() - startedAt;
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(new Set(await Promise.all(answers.map(tokenOf)))).toEqual(new Set([running.service.issuedTokens[1]]));
    expect(checks(running)).toHaveLength(1);
    expect(running.service.authCalls).toHaveLength(2);
    // The check waited its bound, not the 5 s cap, and the service still holds it.
    expect(tookMs).toBeGreaterThanOrEqual(990);
    expect(tookMs).toBeLessThan(5_000);
  });
});

describe('{"expired": T} for a token the service really expired', () => {
  it('exactly 1 /v1/auth call, and the new token in that one answer', async () => {
    const running = await startService();
    const url = await tokenUrl(running);
    const token = await tokenOf(await post(url, {}));
    running.service.expireTokensNow();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(url, { expired: token }).then(tokenOf)));
    expect(running.service.authCalls).toHaveLength(2);
    expect(new Set(answers)).toEqual(new Set([running.service.issuedTokens[1]]));
  });

  it('a handler holding no token yet answers a claim with the shared cache’s token as handed over, so the browser may claim that one in turn', async () => {
    // A new process, or a tenant's session back after its pool dropped it: the token it hands out is
    // another process's, unchecked, and a revocation may have reached it too.
    const running = await startService();
    const tokenCache = memoryTokenCache();
    const first = await tokenUrl(running, { tokenCache });
    const old = await tokenOf(await post(first, {}));
    running.service.expireTokensNow();
    const shared = await tokenOf(await post(first, { expired: old }));
    running.service.expireTokensNow();

    const second = await tokenUrl(running, { tokenCache });
    expect(await (await post(second, { expired: old })).json()).toEqual({
      token: shared,
      region: 'test',
      graphqlUrl: `${running.baseUrl}/v1/graphql`,
      handedOver: true,
    });
    const renewed = await tokenOf(await post(second, { expired: shared }));
    expect(renewed).toBe(running.service.issuedTokens[2]);
    expect(running.service.authCalls).toHaveLength(3);
  });
  it('a handler holding no token, claimed the very token the shared cache holds, never answers that token again: it is checked and renewed once', async () => {
    const running = await startService();
    const tokenCache = memoryTokenCache();
    const first = await tokenUrl(running, { tokenCache });
    const held = await tokenOf(await post(first, {}));
    running.service.expireTokensNow();

    const second = await tokenUrl(running, { tokenCache });
    const answer = await tokenOf(await post(second, { expired: held }));
    expect(answer).not.toBe(held);
    expect(answer).toBe(running.service.issuedTokens[1]);
    expect(running.service.authCalls).toHaveLength(2);
    // One check: sent with the claimed token, refused, sent again with the renewed one.
    expect(checks(running).map((call) => [call.token, call.expired])).toEqual([
      [held, true],
      [answer, false],
    ]);
  });
  it('a handler holding no token, claimed the shared cache’s token, whose renewal /v1/auth refuses with 503: answered 503 UPSTREAM_AUTH_UNAVAILABLE', async () => {
    const running = await startService();
    const tokenCache = memoryTokenCache();
    const held = await tokenOf(await post(await tokenUrl(running, { tokenCache }), {}));
    running.service.expireTokensNow();
    running.service.queueAuthFailures(503);

    const second = await tokenUrl(running, { tokenCache, logger: { warn: () => undefined, error: () => undefined } });
    const answer = await post(second, { expired: held });
    expect({ status: answer.status, body: (await answer.json()) as unknown }).toEqual({
      status: 503,
      body: { error: "The service's auth endpoint is unavailable", code: 'UPSTREAM_AUTH_UNAVAILABLE' },
    });
    expect(running.service.authCalls.map((call) => call.status)).toEqual([200, 503]);
  });
  it('a handler holding another process’s token from the shared cache hands it over to no one: a plain request and a claim of a newer token get it checked', async () => {
    const running = await startService({ tokenLifetimeSec: 3600 });
    const tokenCache = memoryTokenCache();
    const other = await tokenOf(await post(await tokenUrl(running, { tokenCache }), {}));
    const url = await tokenUrl(running, { tokenCache });
    const answer = { token: other, region: 'test', graphqlUrl: `${running.baseUrl}/v1/graphql` };
    expect(await (await post(url, {})).json()).toEqual(answer);
    // A newer token, from a process that shares no cache: its claim has the handler check its own.
    const newer = await tokenOf(await post(await tokenUrl(running), {}));

    expect(await (await post(url, { expired: newer })).json()).toEqual(answer);
    expect(checks(running)).toHaveLength(1);
    expect(running.service.authCalls).toHaveLength(2);
  });
});

/**
 * A token handler on a clock the test moves (interval 30 s), its first token, and the second one from a
 * renewal in service: the check of the first got no answer (a connection reset).
 */
/** An interval other than the default (30 s), so a handler that ignored the option would show it. */
const INTERVAL_MS = 45_000;

async function renewedInService() {
  const running = await startService({ tokenLifetimeSec: 3600 });
  let clock = Date.now();
  const url = await tokenUrl(running, { forcedRenewalIntervalMs: INTERVAL_MS, now: () => clock });
  const first = await tokenOf(await post(url, {}));
  running.service.queueGraphqlFailures('reset');
  const second = await tokenOf(await post(url, { expired: first }));
  return { running, url, first, second, advance: (ms: number) => (clock += ms) };
}

describe('the interval, on the handler’s clock (the now option)', () => {
  it('an older token’s claim costs nothing and is answered as handed over; a newer one’s has the handler check its own', async () => {
    let clock = Date.now();
    // The service issues on the same clock, so the second token is issued visibly later than the first.
    const running = await startService({ tokenLifetimeSec: 3600, now: () => clock });
    const url = await tokenUrl(running, { forcedRenewalIntervalMs: 30_000, now: () => clock });
    const first = await tokenOf(await post(url, {}));
    // The service really expires it: the check's expired answer renews, once.
    running.service.expireTokensNow();
    clock += 30_000;
    const second = await tokenOf(await post(url, { expired: first }));
    expect(second).not.toBe(first);
    expect(running.service.authCalls).toHaveLength(2);
    expect(checks(running).map((call) => call.expired)).toEqual([true, false]); // retried with the new token
    // The old token again: the current one answers, unchecked and said to be so, with no renewal.
    clock += 30_000;
    const answer = (await (await post(url, { expired: first })).json()) as { token: string; handedOver?: boolean };
    expect(answer).toMatchObject({ token: second, handedOver: true });
    expect(checks(running)).toHaveLength(2);
    expect(running.service.authCalls).toHaveLength(2);
  });

  it('when the checks get no answer: the next renewal in service is allowed exactly forcedRenewalIntervalMs after the last', async () => {
    const { running, url, first, second, advance } = await renewedInService();
    advance(INTERVAL_MS);
    running.service.queueGraphqlFailures('reset');
    const third = await tokenOf(await post(url, { expired: second }));
    expect(new Set([first, second, third]).size).toBe(3);
    expect(running.service.authCalls).toHaveLength(3);
  });

  it('a check whose token the service refuses even after a renewal spends no renewal in service: a later check with no answer still renews', async () => {
    const running = await startService({ tokenLifetimeSec: 3600 });
    const url = await tokenUrl(running, { forcedRenewalIntervalMs: INTERVAL_MS, now: () => 0 });
    const first = await tokenOf(await post(url, {}));
    // Refused (401 Unauthorized), renewed, refused again: the renewal is the request path's, and the answer a new token.
    running.service.queueGraphqlFailures(401, 401);
    const second = await tokenOf(await post(url, { expired: first }));
    expect(running.service.authCalls).toHaveLength(3);
    running.service.queueGraphqlFailures('reset');
    const third = await tokenOf(await post(url, { expired: second }));
    expect(new Set([first, second, third]).size).toBe(3);
    expect(running.service.authCalls).toHaveLength(4);
  });

  it('when the checks get no answer: one renewal in service per interval, exactly', async () => {
    const { running, url, first, second, advance } = await renewedInService();
    expect(second).not.toBe(first);
    expect(running.service.authCalls).toHaveLength(2);
    // A claim of the new token is checked; again no answer, but 1 ms within the interval of the renewal…
    advance(INTERVAL_MS - 1);
    running.service.queueGraphqlFailures('reset');
    await post(url, { expired: second });
    expect(running.service.authCalls).toHaveLength(2);
    advance(INTERVAL_MS + 1); // …and past both intervals: one more renewal
    running.service.queueGraphqlFailures('reset');
    const third = await tokenOf(await post(url, { expired: second }));
    expect(third).not.toBe(second);
    expect(running.service.authCalls).toHaveLength(3);
  });
});

/** How long a check's verdict answers claims of its token, as docs/modes.md says. */
const TOKEN_VERDICT_MS = 1_000;
/** How much later than a token issued now a claimed token's exp may read and still be checked, as docs/modes.md says. */
const ISSUER_LEEWAY_S = 60;

/** A token handler on a clock the test moves, and its first token (an hour's), obtained at `clock.now`. */
async function onMovedClock() {
  const running = await startService({ tokenLifetimeSec: 3600 });
  const clock = { now: Date.now() };
  const url = await tokenUrl(running, { now: () => clock.now });
  const token = await tokenOf(await post(url, {}));
  const exp = decodeJwt(token)?.exp;
  if (typeof exp !== 'number') throw new Error('Expected an exp');
  return { running, clock, url, token, exp };
}

const answered = async (response: Response) => (await response.json()) as { token: string; handedOver?: boolean };

describe('what claims cost, one after another (issue 47: each cost a check again, 150 a second from one loop)', () => {
  it('200 claims of the current token cost 1 check while its verdict holds, exactly TOKEN_VERDICT_MS; then 1 more', async () => {
    const { running, clock, url, token } = await onMovedClock();
    for (let claim = 0; claim < 200; claim++) expect(await answered(await post(url, { expired: token }))).not.toHaveProperty('handedOver');
    expect(checks(running)).toHaveLength(1);

    clock.now += TOKEN_VERDICT_MS - 1;
    expect(await tokenOf(await post(url, { expired: token }))).toBe(token);
    expect(checks(running)).toHaveLength(1);
    clock.now += 1;
    expect(await tokenOf(await post(url, { expired: token }))).toBe(token);
    expect(checks(running)).toHaveLength(2);
    expect(running.service.authCalls).toHaveLength(1);
  });

  it('a revocation after the verdict: its claims get the held token until the verdict ends, then 1 check and 1 renewal; the new token is checked anew', async () => {
    const { running, clock, url, token } = await onMovedClock();
    expect(await tokenOf(await post(url, { expired: token }))).toBe(token);
    running.service.expireTokensNow();
    // The window a bounded verdict leaves: the browser's retry after it gets the new token.
    expect(await tokenOf(await post(url, { expired: token }))).toBe(token);
    expect(checks(running)).toHaveLength(1);

    clock.now += TOKEN_VERDICT_MS;
    const renewed = await tokenOf(await post(url, { expired: token }));
    expect(renewed).toBe(running.service.issuedTokens[1]);
    expect(running.service.authCalls).toHaveLength(2);
    // The check that met the expired answer was sent again with the new token: that one is not a verdict on it.
    expect(checks(running).map((call) => [call.token, call.expired])).toEqual([
      [token, false],
      [token, true],
      [renewed, false],
    ]);
    expect(await tokenOf(await post(url, { expired: renewed }))).toBe(renewed);
    expect(checks(running)).toHaveLength(4);
    for (let claim = 0; claim < 20; claim++) await post(url, { expired: renewed });
    expect(checks(running)).toHaveLength(4);
  });

  it('a browser whose claim a verdict answered is told when it lapses (recheckInMs), claims once more then, and its request gets data: 2 claims, 2 checks, 1 renewal', async () => {
    const { running, clock, url, token } = await onMovedClock();
    expect(await tokenOf(await post(url, { expired: token }))).toBe(token); // the verdict: valid
    running.service.expireTokensNow();
    const claims: Array<{ recheckInMs?: number; token: string }> = [];
    const browser = createAuthClient({
      tokenEndpoint: tokenEndpoint(url),
      regions: { test: running.baseUrl },
      fetch: async (input, init) => {
        const response = await withSession(input, init);
        if (input !== url || typeof init?.body !== 'string' || !init.body.includes('expired')) return response;
        const answer = (await response.clone().json()) as { recheckInMs?: number; token: string };
        claims.push(answer);
        // The handler's clock moves past the verdict while the browser waits the time it was told.
        if (claims.length === 1) clock.now += answer.recheckInMs ?? 0;
        return response;
      },
    });
    onTestFinished(() => {
      browser.dispose();
    });

    const data = await browser.request<{ pentests_count: number }>('query Pentests { pentests_count }');
    expect(typeof data.pentests_count).toBe('number');
    const renewed = running.service.issuedTokens[1];
    expect(claims.map((claim) => [claim.token, claim.recheckInMs])).toEqual([
      [token, TOKEN_VERDICT_MS],
      [renewed, undefined],
    ]);
    expect(running.service.authCalls).toHaveLength(2);
    expect(checks(running).map((call) => [call.token, call.expired])).toEqual([
      [token, false],
      [token, true],
      [renewed, false],
    ]);
    expect(running.service.graphqlCalls.filter((call) => call.operationName === 'Pentests').map((call) => [call.token, call.expired])).toEqual([
      [token, true],
      [renewed, false],
    ]);
  });

  it('a claim answered by a verdict carries recheckInMs: the time left of it, and never more than TOKEN_VERDICT_MS', async () => {
    const { clock, url, token } = await onMovedClock();
    expect(await answered(await post(url, { expired: token }))).not.toHaveProperty('recheckInMs'); // checked now
    expect(await answered(await post(url, { expired: token }))).toMatchObject({ recheckInMs: TOKEN_VERDICT_MS });
    clock.now += 400;
    expect(await answered(await post(url, { expired: token }))).toMatchObject({ recheckInMs: TOKEN_VERDICT_MS - 400 });
    clock.now += TOKEN_VERDICT_MS;
    expect(await answered(await post(url, { expired: token }))).not.toHaveProperty('recheckInMs');
  });

  it('a check that got no answer holds as a verdict too: 50 claims meanwhile cost no other check, and one renewal in service', async () => {
    const { running, url, token } = await onMovedClock();
    running.service.queueGraphqlFailures('reset');
    running.service.queueAuthFailures({ status: 429, headers: { 'retry-after': '30' } });
    for (let claim = 0; claim < 50; claim++) expect(await tokenOf(await post(url, { expired: token }))).toBe(token);
    expect(checks(running)).toHaveLength(1);
    expect(running.service.authCalls.map((call) => call.status)).toEqual([200, 429]);
  });

  it('200 claims of a forged unsigned JWT expiring in 2100 cost no check: the held token answers, handed over', async () => {
    const { running, url, token } = await onMovedClock();
    const forged = craftJwt({ sub: 'user-test-1', exp: Math.floor(Date.UTC(2100, 0, 1) / 1000) });
    for (let claim = 0; claim < 200; claim++) expect(await answered(await post(url, { expired: forged }))).toMatchObject({ token, handedOver: true });
    expect(checks(running)).toHaveLength(0);
    expect(running.service.authCalls).toHaveLength(1);
  });

  it('a newer token is checked up to the exp a token issued now could have (the held one’s, moved on by the time since, plus ISSUER_LEEWAY_S), not a second beyond', async () => {
    const { running, clock, url, token, exp } = await onMovedClock();
    const claimOf = async (claimedExp: number) => answered(await post(url, { expired: craftJwt({ exp: claimedExp }) }));

    expect(await claimOf(exp + ISSUER_LEEWAY_S + 1)).toEqual({ token, region: 'test', graphqlUrl: `${running.baseUrl}/v1/graphql`, handedOver: true });
    expect(checks(running)).toHaveLength(0);
    expect(await claimOf(exp + ISSUER_LEEWAY_S)).not.toHaveProperty('handedOver');
    expect(checks(running)).toHaveLength(1);

    // Ten seconds on: a token issued now expires ten seconds later (the verdict has ended too).
    clock.now += 10_000;
    expect(await claimOf(exp + ISSUER_LEEWAY_S + 11)).toMatchObject({ token, handedOver: true });
    expect(checks(running)).toHaveLength(1);
    expect(await claimOf(exp + ISSUER_LEEWAY_S + 10)).not.toHaveProperty('handedOver');
    expect(checks(running)).toHaveLength(2);
    expect(running.service.authCalls).toHaveLength(1);
  });
});

describe('the interval belongs to the token a renewal in service brought (issue 47: a loaded farm answered browsers the very token they said was refused)', () => {
  it('a forced renewal that took another process’s token from the shared cache spent no interval: that token claimed with no answer is renewed, never answered with itself', async () => {
    const running = await startService();
    const tokenCache = memoryTokenCache();
    const other = await tokenUrl(running, { tokenCache });
    const url = await tokenUrl(running, { tokenCache, upstreamTimeoutMs: 200 });
    const first = await tokenOf(await post(other, {}));
    expect(await tokenOf(await post(url, {}))).toBe(first);
    running.service.expireTokensNow();
    const shared = await tokenOf(await post(other, { expired: first }));
    // From here on this handler's checks get no answer (a service too loaded to answer within the bound).
    onTestFinished(running.service.pauseGraphql());

    // Its renewal in service takes the other process's token from the cache: no /v1/auth of its own.
    expect(await tokenOf(await post(url, { expired: first }))).toBe(shared);
    expect(running.service.authCalls).toHaveLength(2);
    running.service.expireTokensNow();

    // The service now refuses that token too: its claim is renewed in service, once, for everyone claiming it.
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(url, { expired: shared }).then(tokenOf)));
    expect(answers).not.toContain(shared);
    expect(new Set(answers)).toEqual(new Set([running.service.issuedTokens[2]]));
    expect(running.service.authCalls).toHaveLength(3);
    // The token this handler's own renewal brought keeps the interval: claimed with no answer, it answers unrenewed.
    const renewed = running.service.issuedTokens[2];
    expect(await tokenOf(await post(url, { expired: renewed }))).toBe(renewed);
    expect(running.service.authCalls).toHaveLength(3);
    // One check of each token, none answered: the service held them all.
    const unanswered = () => checks(running).filter((call) => call.status === 0);
    expect(unanswered().map((call) => call.token)).toEqual([first, shared, renewed]);
  });

  it('a token renewed on a real expired answer after a forced renewal inherits no interval: claimed with no answer, it is renewed once', async () => {
    const { running, url, second, advance } = await renewedInService();
    advance(1_000);
    running.service.expireTokensNow();
    // Checked: the service refuses it, the request path renews, the check is answered with the new token.
    const third = await tokenOf(await post(url, { expired: second }));
    expect(third).toBe(running.service.issuedTokens[2]);
    expect(running.service.authCalls).toHaveLength(3);

    advance(1_000); // past the verdict, well within the interval of the forced renewal
    running.service.queueGraphqlFailures('reset');
    const fourth = await tokenOf(await post(url, { expired: third }));
    expect(fourth).not.toBe(third);
    expect(fourth).toBe(running.service.issuedTokens[3]);
    expect(running.service.authCalls).toHaveLength(4);
    running.service.queueGraphqlFailures('reset');
    expect(await tokenOf(await post(url, { expired: fourth }))).toBe(fourth);
    expect(running.service.authCalls).toHaveLength(4);
  });
});

describe('the interval after a renewal in service the service could not serve', () => {
  it('the token kept through a 503 keeps the interval: past the verdict, its claims with no answer ask no /v1/auth until the interval ends', async () => {
    const running = await startService({ tokenLifetimeSec: 3600 });
    let clock = Date.now();
    const url = await tokenUrl(running, { forcedRenewalIntervalMs: INTERVAL_MS, now: () => clock, logger: { warn: () => undefined, error: () => undefined } });
    const token = await tokenOf(await post(url, {}));
    running.service.queueGraphqlFailures('reset');
    running.service.queueAuthFailures(503);
    expect(await tokenOf(await post(url, { expired: token }))).toBe(token);
    expect(running.service.authCalls.map((call) => call.status)).toEqual([200, 503]);

    clock += TOKEN_VERDICT_MS;
    running.service.queueGraphqlFailures('reset');
    expect(await tokenOf(await post(url, { expired: token }))).toBe(token);
    expect(running.service.authCalls).toHaveLength(2);
    expect(checks(running)).toHaveLength(2);

    clock += INTERVAL_MS - TOKEN_VERDICT_MS;
    running.service.queueGraphqlFailures('reset');
    expect(await tokenOf(await post(url, { expired: token }))).toBe(running.service.issuedTokens[1]);
    expect(running.service.authCalls.map((call) => call.status)).toEqual([200, 503, 200]);
  });
});

/**
 * A token handler whose checks of the tokens a test holds wait until the test lets them go, and the
 * token each check was sent with, in order.
 */
async function heldChecks(running: Running, options: Partial<ServerHandlerOptions> = {}) {
  const holds = new Map<string, Promise<void>>();
  const sent: string[] = [];
  const handler = createTokenHandler({
    apiKey: API_KEY,
    region: 'test',
    regions: { test: running.baseUrl },
    authorizeRequest: hasSession,
    fetch: async (input, init) => {
      const token = new Headers(init?.headers).get('authorization')?.replace(/^Bearer /, '');
      if (token !== undefined && typeof init?.body === 'string' && init.body.includes('TokenCheck')) {
        sent.push(token);
        await holds.get(token);
      }
      return fetch(input, init);
    },
    ...options,
  });
  const url = `${await serveHandler(handler)}/api/token`;
  const hold = (token: string) => {
    let release: () => void = () => undefined;
    holds.set(token, new Promise<void>((resolve) => (release = resolve)));
    return () => {
      holds.delete(token);
      release();
    };
  };
  return { handler, url, sent, hold };
}

describe('checks of two tokens at once: the one held before a renewal, and the renewed one', () => {
  it('the first answered while the second runs leaves the second shared: a claim of the renewed token meanwhile joins it, 1 check of each', async () => {
    const running = await startService({ tokenLifetimeSec: 3600 });
    let onNow: () => void = () => undefined;
    const { handler, url, sent, hold } = await heldChecks(running, {
      now: () => {
        onNow();
        return Date.now();
      },
    });
    const first = await tokenOf(await post(url, {}));
    const releaseFirst = hold(first);
    const firstClaim = post(url, { expired: first });
    await waitUntil(() => sent.length === 1);
    await handler.refresh();
    const second = running.service.issuedTokens[1] ?? '';
    const releaseSecond = hold(second);
    const secondClaim = post(url, { expired: second });
    await waitUntil(() => sent.length === 2);
    releaseFirst();
    expect(await tokenOf(await firstClaim)).toBe(second);

    // A claim of a token as new as the renewed one (its exp) has the handler check the renewed one.
    // The claim reads the clock just before it joins that check: the check is let go then.
    onNow = () => {
      onNow = () => undefined;
      releaseSecond();
    };
    const asNew = craftJwt({ exp: decodeJwt(second)?.exp });
    expect(await Promise.all([secondClaim.then(tokenOf), post(url, { expired: asNew }).then(tokenOf)])).toEqual([second, second]);
    expect(sent).toEqual([first, second]);
    expect(running.service.authCalls).toHaveLength(2);
  });

  it('the first answered after the second: its claims are answered the renewed token', async () => {
    const running = await startService({ tokenLifetimeSec: 3600 });
    const { handler, url, sent, hold } = await heldChecks(running);
    const first = await tokenOf(await post(url, {}));
    const releaseFirst = hold(first);
    const firstClaim = post(url, { expired: first });
    await waitUntil(() => sent.length === 1);
    await handler.refresh();
    const second = running.service.issuedTokens[1];
    expect(await tokenOf(await post(url, { expired: second }))).toBe(second);

    releaseFirst();
    const answer = await firstClaim;
    expect(answer.status).toBe(200);
    expect(await tokenOf(answer)).toBe(second);
    expect(sent).toEqual([first, second]);
  });
});
