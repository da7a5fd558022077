import { describe, expect, it } from 'vitest';
import { isTokenRejectedBody, TokenRejectedError } from '../../../src/index.js';
import { PauseOpDocument, PentestsDocument, runningOpId } from '../../support/documents.js';
import { bearerTokens, clientFor } from '../../support/fixtures.js';
import { refuseGraphql, startFaultyService } from '../../support/faulty-service.js';

const UNAUTHORIZED = '{"message":"Unauthorized"}';
const ACCESS_DENIED = '{"Message":"Access Denied"}';

const sentTokens = (running: Awaited<ReturnType<typeof startFaultyService>>) =>
  running.faults.seen.filter((r) => r.path.endsWith('/graphql')).map((r) => r.headers.authorization);

describe('a gateway that refuses the token ("Unauthorized", "Access Denied")', () => {
  it.each([
    [401, UNAUTHORIZED],
    [403, ACCESS_DENIED],
    [200, UNAUTHORIZED],
  ])('status %i with %s: drops the token, re-authenticates once and retries once with the new token', async (status, body) => {
    const running = await startFaultyService(refuseGraphql(1, status, body));
    const client = clientFor(running);

    const result = await client.request(PentestsDocument, { page_size: 2 });

    expect(result.pentests_page.pentests).toHaveLength(2);
    const [first, second] = running.service.issuedTokens;
    expect(running.service.authCalls).toHaveLength(2);
    expect(sentTokens(running)).toEqual([`Bearer ${first!}`, `Bearer ${second!}`]);
    expect(bearerTokens(running.service)).toEqual([second]); // only the retry reached the service
    expect(client.store.getState().token).toBe(second);
  });

  it('refused again after re-authenticating: TokenRejectedError with the status, after exactly 2 auth calls and 2 sends', async () => {
    const running = await startFaultyService(refuseGraphql(Infinity, 403, ACCESS_DENIED));
    const client = clientFor(running);

    const error: unknown = await client.request(PentestsDocument).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(TokenRejectedError);
    expect(error).toMatchObject({ name: 'TokenRejectedError', status: 403 });
    expect(running.service.authCalls).toHaveLength(2);
    expect(sentTokens(running)).toHaveLength(2);
    expect(client.store.getState().token).toBeNull();
  });

  it('a refused mutation never ran: it is retried and applied exactly once', async () => {
    const running = await startFaultyService(refuseGraphql(1, 401, UNAUTHORIZED));
    const client = clientFor(running);

    const result = await client.request(PauseOpDocument, { op_id: runningOpId() });

    expect(result.pause_op?.op_state).toBe('paused');
    expect(running.service.appliedMutations).toBe(1);
    expect(sentTokens(running)).toHaveLength(2);
  });

  it('only the exact gateway texts count: other wording, casing or a GraphQL result is not a refusal', () => {
    expect(isTokenRejectedBody(UNAUTHORIZED)).toBe(true);
    expect(isTokenRejectedBody(ACCESS_DENIED)).toBe(true);
    expect(isTokenRejectedBody('{"message":"Access Denied","requestId":"r1"}')).toBe(false);
    expect(isTokenRejectedBody('{"Message":"Access Denied","requestId":"r1"}')).toBe(true);
    expect(isTokenRejectedBody('{"message":"unauthorized"}')).toBe(false);
    expect(isTokenRejectedBody('{"message":"Unauthorized","data":null}')).toBe(false);
    expect(isTokenRejectedBody('Unauthorized')).toBe(false);
    expect(isTokenRejectedBody('["Unauthorized"]')).toBe(false);
  });
});
