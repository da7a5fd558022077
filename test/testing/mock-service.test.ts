import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64urlDecode, base64urlEncode, decodeJwt, signJwt, verifyJwt } from '../support/jwt.js';
import { type DemoServiceOptions, EXPIRED_BODY } from '../support/mock-service.js';
import { createPentestStore } from '../support/mock-service.js';
import { pentestNames, runningOpId } from '../support/documents.js';
import { serve, startMockService } from '../support/serve.js';

const UNAUTHORIZED = '{"message":"Unauthorized"}';
const closers: Array<() => Promise<void>> = [];

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function start(options?: DemoServiceOptions) {
  const started = await startMockService(options);
  closers.push(() => started.close());
  return started;
}

function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text });
}

async function getToken(baseUrl: string, key = 'test-key'): Promise<string> {
  const response = await post(`${baseUrl}/v1/auth`, { key });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

function gql(baseUrl: string, token: string | null, body: object, headers: Record<string, string> = {}) {
  const auth: Record<string, string> = token === null ? {} : { Authorization: `Bearer ${token}` };
  return post(`${baseUrl}/v1/graphql`, body, { ...auth, ...headers });
}

const PENTESTS_QUERY = 'query Pentests($page_size: Int) { pentests_page(page_input: { page_size: $page_size }) { pentests { op_id name state } } }';

/** Lets a test observe whether a held request has been answered yet. */
function track(promise: Promise<Response>) {
  const state = { settled: false };
  const done = () => {
    state.settled = true;
  };
  promise.then(done, done);
  return state;
}

describe('POST /v1/auth', () => {
  it('issues a token for a known key and rejects malformed bodies and unknown keys', async () => {
    const { service, baseUrl } = await start();
    const ok = await post(`${baseUrl}/v1/auth`, { key: 'test-key' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/json');
    const { token } = (await ok.json()) as { token: string };
    expect(token.split('.')).toHaveLength(3);

    for (const bad of ['not json', {}, { key: 42 }, null]) {
      const response = await post(`${baseUrl}/v1/auth`, bad);
      expect(response.status).toBe(400);
      expect(typeof ((await response.json()) as { message: unknown }).message).toBe('string');
    }
    const unknown = await post(`${baseUrl}/v1/auth`, { key: 'nope' });
    expect(unknown.status).toBe(401);
    expect(await unknown.text()).toBe(UNAUTHORIZED);

    expect(service.authCalls.map((call) => call.status)).toEqual([200, 400, 400, 400, 400, 401]);
    expect(service.authCalls.map((call) => call.token)).toEqual([token, null, null, null, null, null]);
    expect(service.issuedTokens).toEqual([token]);
    expect(service.authCalls[0]!.body).toBe('{"key":"test-key"}');
    expect(service.authCalls[0]!.headers['content-type']).toBe('application/json');
  });

  it('answers queued failures in order, records them, then resumes normal service', async () => {
    const { service, baseUrl } = await start();
    service.queueAuthFailures(503, 400, 401, { status: 502, body: '<h1>bad gateway</h1>', contentType: 'text/html' });
    const answers: Array<[number, string, string | null]> = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await post(`${baseUrl}/v1/auth`, { key: 'test-key' });
      answers.push([response.status, await response.text(), response.headers.get('content-type')]);
    }
    expect(answers.slice(0, 4)).toEqual([
      [503, '{"message":"Internal Server Error"}', 'application/json'],
      [400, '{"message":"Bad request"}', 'application/json'],
      [401, UNAUTHORIZED, 'application/json'],
      [502, '<h1>bad gateway</h1>', 'text/html'],
    ]);
    expect(answers[4]![0]).toBe(200);
    expect(service.authCalls.map((call) => call.status)).toEqual([503, 400, 401, 502, 200]);
    expect(service.issuedTokens).toHaveLength(1);
  });

  it('follows the API keys it is given and answers 404/405 off the contract', async () => {
    const { service, baseUrl } = await start({ apiKeys: ['a'] });
    expect((await post(`${baseUrl}/v1/auth`, { key: 'b' })).status).toBe(401);
    service.addApiKey('b');
    expect((await post(`${baseUrl}/v1/auth`, { key: 'b' })).status).toBe(200);
    expect((await post(`${baseUrl}/v1/other`, {})).status).toBe(404);
    expect((await fetch(`${baseUrl}/v1/auth`)).status).toBe(405);
    expect((await fetch(`${baseUrl}/v1/graphql`)).status).toBe(405);
    expect(service.authCalls.map((call) => `${call.method} ${call.status}`)).toEqual(['POST 401', 'POST 200', 'GET 405']);
    expect(service.graphqlCalls.map((call) => `${call.method} ${call.status}`)).toEqual(['GET 405']);
  });
});

describe('JWT', () => {
  it('signs HS256 tokens with iat, exp = iat + lifetime, jti and sub', async () => {
    const now = 1_700_000_000_750;
    const { service, baseUrl } = await start({ secret: 's3cret', now: () => now, tokenLifetimeSec: 900 });
    const first = await getToken(baseUrl);
    expect(JSON.parse(base64urlDecode(first.split('.')[0]!).toString('utf8'))).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(decodeJwt(first)).toMatchObject({ iss: 'mock-us' });
    const claims = await verifyJwt(first, 's3cret/us');
    expect(claims).toMatchObject({ sub: 'user-us-1', iat: 1_700_000_000, exp: 1_700_000_900 });
    expect(await verifyJwt(first, 'another secret')).toBeNull();

    service.tokenLifetimeSec = 60;
    const second = await verifyJwt(await getToken(baseUrl), 's3cret/us');
    expect(second?.exp).toBe(1_700_000_060);
    expect(second?.jti).not.toBe(claims?.jti);

    const [header, , signature] = first.split('.');
    const forged = base64urlEncode(JSON.stringify({ ...claims, exp: 1_800_000_000 }));
    expect(await verifyJwt(`${header!}.${forged}.${signature!}`, 's3cret/us')).toBeNull();
  });

  it('rejects malformed tokens and the unsigned "alg: none" form', async () => {
    const claims = { sub: 'u', iat: 1, exp: 2, jti: 'j' };
    const signed = await signJwt(claims, 'k');
    expect(await verifyJwt(signed, 'k')).toEqual(claims);
    const none = `${base64urlEncode('{"alg":"none","typ":"JWT"}')}.${base64urlEncode(JSON.stringify(claims))}.`;
    for (const token of ['', 'a.b', 'a.b.c.d', none, `${signed}!`, signed.slice(0, -1)]) {
      expect(await verifyJwt(token, 'k')).toBeNull();
    }
  });
});

describe('POST /v1/graphql', () => {
  it('executes a query with variables for a good token and records the call', async () => {
    const { service, baseUrl } = await start();
    const token = await getToken(baseUrl);
    const body = { query: PENTESTS_QUERY, variables: { page_size: 2 }, operationName: 'Pentests' };
    const response = await gql(baseUrl, token, body, { 'X-Trace': 'abc' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({
      data: {
        pentests_page: {
          pentests: createPentestStore('us')
            .pentests.slice(0, 2)
            .map(({ op_id, name, state }) => ({ op_id, name, state })),
        },
      },
    });
    expect(service.graphqlCalls).toHaveLength(1);
    expect(service.graphqlCalls[0]).toMatchObject({
      method: 'POST',
      url: `${baseUrl}/v1/graphql`,
      body: JSON.stringify(body),
      token,
      status: 200,
      expired: false,
      operationName: 'Pentests',
    });
    expect(service.graphqlCalls[0]!.headers).toMatchObject({ authorization: `Bearer ${token}`, 'x-trace': 'abc' });
  });

  it('accepts any bearer casing, reports GraphQL errors as 200 and bad bodies as 400', async () => {
    const { service, baseUrl } = await start();
    const token = await getToken(baseUrl);
    const account = await post(
      `${baseUrl}/v1/graphql`,
      { query: 'query Me { session_user_account { name } }' },
      {
        authorization: `bearer ${token}`,
      },
    );
    expect(await account.json()).toEqual({ data: { session_user_account: { name: 'Dana Demo (us)' } } });
    const invalid = await gql(baseUrl, token, { query: '{ nope }' });
    expect(invalid.status).toBe(200);
    const { errors } = (await invalid.json()) as { errors: Array<{ message: string }> };
    expect(errors.map((error) => error.message)).toEqual(['Cannot query field "nope" on type "Query".']);
    expect((await gql(baseUrl, token, { variables: {} })).status).toBe(400);
    expect(service.graphqlCalls.map((call) => call.operationName)).toEqual(['Me', null, null]);
    expect(service.graphqlCalls.map((call) => call.status)).toEqual([200, 200, 400]);
  });
});

describe('token expiry', () => {
  it('answers the expired body for knob-expired tokens, with the configured status', async () => {
    const { service, baseUrl } = await start();
    const [a, b] = [await getToken(baseUrl), await getToken(baseUrl)];
    service.expireToken(a);
    const expired = await gql(baseUrl, a, { query: PENTESTS_QUERY });
    expect(expired.status).toBe(401);
    expect(await expired.text()).toBe(EXPIRED_BODY);
    expect((await gql(baseUrl, b, { query: PENTESTS_QUERY })).status).toBe(200);
    service.expiredStatus = 200;
    const expired200 = await gql(baseUrl, a, { query: PENTESTS_QUERY });
    expect(expired200.status).toBe(200);
    expect(await expired200.text()).toBe('{"message":"The incoming token has expired"}');
    expect(service.graphqlCalls.map((call) => [call.status, call.expired])).toEqual([
      [401, true],
      [200, false],
      [200, true],
    ]);
  });

  it('expires every earlier token at once, or every call while alwaysExpired is set', async () => {
    const { service, baseUrl } = await start();
    const old = [await getToken(baseUrl), await getToken(baseUrl)];
    service.expireTokensNow();
    const fresh = await getToken(baseUrl);
    for (const token of old) expect((await gql(baseUrl, token, { query: PENTESTS_QUERY })).status).toBe(401);
    expect((await gql(baseUrl, fresh, { query: PENTESTS_QUERY })).status).toBe(200);
    service.alwaysExpired = true;
    const blocked = await gql(baseUrl, fresh, { query: `mutation { pause_op(op_id: "${runningOpId()}") { op_id } }` });
    expect(await blocked.text()).toBe(EXPIRED_BODY);
    expect(service.appliedMutations).toBe(0);
    expect(service.graphqlCalls.map((call) => call.expired)).toEqual([true, true, false, true]);
  });

  it('expires tokens when the service clock reaches exp', async () => {
    let now = 1_700_000_000_000;
    const { service, baseUrl } = await start({ now: () => now, tokenLifetimeSec: 60 });
    const token = await getToken(baseUrl);
    now += 59_999;
    expect((await gql(baseUrl, token, { query: PENTESTS_QUERY })).status).toBe(200);
    now += 1;
    const expired = await gql(baseUrl, token, { query: PENTESTS_QUERY });
    expect([expired.status, await expired.text()]).toEqual([401, EXPIRED_BODY]);
    expect(service.graphqlCalls.map((call) => call.time)).toEqual([1_700_000_059_999, 1_700_000_060_000]);
  });
});

describe('untrusted tokens and regions', () => {
  it('answers 401 Unauthorized for missing, malformed and foreign tokens', async () => {
    const us = await start({ regions: ['us'] });
    const eu = await start({ regions: ['eu'] });
    const euToken = await getToken(eu.baseUrl);
    const selfSigned = await signJwt({ sub: 'user-us-1', iat: 1, exp: 9_999_999_999, jti: 'x' }, 'guess');
    for (const token of [euToken, null, 'garbage', selfSigned]) {
      const response = await gql(us.baseUrl, token, { query: PENTESTS_QUERY });
      expect([response.status, await response.text()]).toEqual([401, UNAUTHORIZED]);
    }
    expect(us.service.graphqlCalls.map((call) => call.token)).toEqual([euToken, null, 'garbage', selfSigned]);
    const euData = await gql(eu.baseUrl, euToken, {
      query: 'query { session_user_account { name } pentests_page(page_input: { page_size: 1 }) { pentests { name } } }',
    });
    expect(await euData.json()).toEqual({
      data: { session_user_account: { name: 'Dana Demo (eu)' }, pentests_page: { pentests: [{ name: pentestNames('eu', 1)[0] }] } },
    });
  });
});

describe('mutations and counters', () => {
  it('applies pause_op to this service only and counts it; resetCounters keeps data and tokens', async () => {
    const us = await start();
    const eu = await start({ regions: ['eu'] });
    const token = await getToken(us.baseUrl);
    const opId = runningOpId('us');
    const paused = await gql(us.baseUrl, token, {
      query: 'mutation Pause($op_id: String!) { pause_op(op_id: $op_id) { op_id op_state } }',
      variables: { op_id: opId },
    });
    expect(await paused.json()).toEqual({ data: { pause_op: { op_id: opId, op_state: 'paused' } } });
    expect(us.service.appliedMutations).toBe(1);
    expect(eu.service.appliedMutations).toBe(0);

    us.service.resetCounters();
    expect([us.service.authCalls.length, us.service.graphqlCalls.length, us.service.issuedTokens.length]).toEqual([0, 0, 0]);
    expect(us.service.appliedMutations).toBe(0);
    const state = await gql(us.baseUrl, token, { query: 'query ($op_id: String!) { pentest(op_id: $op_id) { state } }', variables: { op_id: opId } });
    expect(await state.json()).toEqual({ data: { pentest: { state: 'paused' } } });
    us.service.expireTokensNow();
    expect((await gql(us.baseUrl, token, { query: '{ session_user_account { uuid } }' })).status).toBe(401);
  });
});

describe('pausing and delays', () => {
  it('holds auth answers until every pause is released', async () => {
    const { service, baseUrl } = await start();
    const releaseA = service.pauseAuth();
    const releaseB = service.pauseAuth();
    const pending = [post(`${baseUrl}/v1/auth`, { key: 'test-key' }), post(`${baseUrl}/v1/auth`, { key: 'test-key' })];
    const states = pending.map(track);
    await vi.waitFor(() => {
      expect(service.authCalls).toHaveLength(2);
    });
    releaseA();
    releaseA();
    await sleep(50);
    expect(states.map((state) => state.settled)).toEqual([false, false]);
    expect(service.authCalls.map((call) => call.status)).toEqual([0, 0]);
    expect(service.issuedTokens).toHaveLength(0);
    releaseB();
    const responses = await Promise.all(pending);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    expect(new Set(service.issuedTokens).size).toBe(2);
  });

  it('decides held GraphQL answers at release, so knobs set meanwhile apply', async () => {
    const { service, baseUrl } = await start();
    const token = await getToken(baseUrl);
    const release = service.pauseGraphql();
    const pending = gql(baseUrl, token, { query: PENTESTS_QUERY });
    await vi.waitFor(() => {
      expect(service.graphqlCalls).toHaveLength(1);
    });
    service.expireToken(token);
    release();
    expect(await (await pending).text()).toBe(EXPIRED_BODY);
    expect(service.graphqlCalls[0]!.expired).toBe(true);
  });

  it('delays auth answers by authDelayMs', async () => {
    const { service, baseUrl } = await start();
    service.authDelayMs = 150;
    const started = performance.now();
    await getToken(baseUrl);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });
});

describe('serve', () => {
  it('turns handler failures into a 500 and closes despite keep-alive sockets', async () => {
    const served = await serve(() => Promise.reject(new Error('boom')));
    const response = await fetch(`${served.url}/anything`, { method: 'POST', body: 'x' });
    expect([response.status, await response.text()]).toEqual([500, '{"message":"Mock handler failed: boom"}']);
    await served.close();
    await expect(fetch(served.url)).rejects.toThrow();
  });
});
