import { describe, expect, it } from 'vitest';
import { isTokenExpiredBody, TOKEN_EXPIRED_MESSAGE, TokenExpiredError } from '../../../src/index.js';
import { PauseOpDocument, PentestsDocument, runningOpId } from '../../support/documents.js';
import { bearerTokens, clientFor, startService } from '../../support/fixtures.js';

describe('reactive re-authentication', () => {
  it.each([401, 200])('an expired answer with status %i re-authenticates once and retries the operation with the new token', async (status) => {
    const running = await startService();
    const { service } = running;
    service.expiredStatus = status;
    const client = clientFor(running);
    const first = await client.getToken();
    service.expireTokensNow();

    const result = await client.request(PentestsDocument, { page_size: 3 });

    expect(result.pentests_page.pentests).toHaveLength(3);
    expect(service.authCalls).toHaveLength(2);
    expect(bearerTokens(service)).toEqual([first, service.issuedTokens[1]]);
    expect(service.graphqlCalls.map((call) => call.expired)).toEqual([true, false]);
    expect(client.store.getState().token).toBe(service.issuedTokens[1]);
  });

  it('a fresh token also answered expired fails with TokenExpiredError after exactly one retry (no loop)', async () => {
    const running = await startService();
    const { service } = running;
    service.alwaysExpired = true;
    const client = clientFor(running);

    const failure = client.request(PentestsDocument, { page_size: 1 });

    await expect(failure).rejects.toBeInstanceOf(TokenExpiredError);
    await expect(failure).rejects.toMatchObject({ name: 'TokenExpiredError', status: 401 });
    expect(service.authCalls).toHaveLength(2);
    expect(service.graphqlCalls).toHaveLength(2);
    expect(bearerTokens(service)).toEqual(service.issuedTokens);
  });

  it('a mutation answered "expired" is retried and applied exactly once', async () => {
    const running = await startService();
    const { service } = running;
    const client = clientFor(running);
    await client.getToken();
    service.expireTokensNow();

    const result = await client.request(PauseOpDocument, { op_id: runningOpId() });

    expect(result.pause_op?.op_state).toBe('paused');
    expect(service.appliedMutations).toBe(1);
    expect(service.authCalls).toHaveLength(2);
    expect(service.graphqlCalls).toHaveLength(2);
  });

  it('passes caller headers through, but the token header always wins', async () => {
    const running = await startService();
    const client = clientFor(running);

    await client.request(PentestsDocument, {}, { headers: { 'x-trace': 'abc', Authorization: 'Bearer forged' } });

    const [call] = running.service.graphqlCalls;
    expect(call?.headers['x-trace']).toBe('abc');
    expect(call?.headers.authorization).toBe(`Bearer ${running.service.issuedTokens[0]!}`);
  });

  it("sends the caller's accept and content-type as given, as graphql-request does, instead of its defaults", async () => {
    const running = await startService();
    const client = clientFor(running);

    await client.request(PentestsDocument, {}, { headers: { Accept: 'application/json', 'Content-Type': 'application/json; charset=utf-8' } });

    const [call] = running.service.graphqlCalls;
    expect(call?.headers.accept).toBe('application/json');
    expect(call?.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('presents the token through a custom authorize function', async () => {
    const running = await startService();
    const client = clientFor(running, { authorize: (token) => ({ authorization: `Bearer ${token}`, 'x-token': token }) });

    await client.request(PentestsDocument);

    expect(running.service.graphqlCalls[0]?.headers['x-token']).toBe(running.service.issuedTokens[0]);
  });

  it('only the exact expired answer counts: the text as plain text, inside a GraphQL result or reworded is not an expiry', () => {
    expect(isTokenExpiredBody(JSON.stringify({ message: TOKEN_EXPIRED_MESSAGE }))).toBe(true);
    expect(isTokenExpiredBody(JSON.stringify({ message: TOKEN_EXPIRED_MESSAGE, requestId: 'r1' }))).toBe(true);
    expect(isTokenExpiredBody(TOKEN_EXPIRED_MESSAGE)).toBe(false);
    expect(isTokenExpiredBody(JSON.stringify({ data: null, message: TOKEN_EXPIRED_MESSAGE }))).toBe(false);
    expect(isTokenExpiredBody(JSON.stringify({ errors: [{ message: TOKEN_EXPIRED_MESSAGE }] }))).toBe(false);
    expect(isTokenExpiredBody(JSON.stringify({ message: `${TOKEN_EXPIRED_MESSAGE}.` }))).toBe(false);
    expect(isTokenExpiredBody(JSON.stringify([TOKEN_EXPIRED_MESSAGE]))).toBe(false);
  });
});
