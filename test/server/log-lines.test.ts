// @vitest-environment node
// Every line the handlers log goes through one rule: whatever value reached it (a region an app
// took from the request, an upstream's error message, a cache's error name), the line holds no
// control character, line separator or bidi override, and runs to at most 1000 characters before
// escaping. A request can neither forge a line, nor send the operator's terminal an escape sequence,
// nor fill the log with kilobytes per request.
import { describe, expect, it } from 'vitest';
import { createGraphQLProxy, createTokenHandler, type TenantHandlerOptions, type TokenCache } from '../../src/server/index.js';
import { API_KEY, startService } from '../support/fixtures.js';
import { hasSession, serveHandler } from './serve-handler.js';

const HANDLERS = [
  ['createTokenHandler', createTokenHandler, {}],
  ['createGraphQLProxy', createGraphQLProxy, { query: 'query Count { pentests_count }' }],
] as const;

/** What no printed line may hold: C0, DEL, C1, the Unicode line separators, bidi overrides and isolates. */
// eslint-disable-next-line no-control-regex -- control characters are what the lines must not hold
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

function recordingLogger() {
  const lines: string[] = [];
  return { lines, logger: { warn: (line: string) => lines.push(line), error: (line: string) => lines.push(line) } };
}

function post(url: string, body: unknown, headers: Record<string, string>) {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

describe.each(HANDLERS)('%s: what reaches a log line', (_name, make, body) => {
  it('a region the resolver took from the request is logged escaped and bounded, one line per request', async () => {
    const running = await startService();
    const { lines, logger } = recordingLogger();
    // The app's mistake the finding is about: a region read from a header, unchecked.
    const credentials: TenantHandlerOptions['credentials'] = (request) => ({
      apiKey: API_KEY,
      region: decodeURIComponent(request.headers.get('x-region') ?? ''),
    });
    const url = await serveHandler(make({ credentials, regions: { test: running.baseUrl }, logger }));
    const regions = [
      'eu"; configured regions: test); answered 500\ngraphql-jwt-auth-react: upstream auth ok again',
      'eu\u001b[2J\u001b]0;owned\u0007\r',
      'eu\u009b31m\u007f\\x1B',
      'eu\u2028forged\u2029\u202eevil\u2066',
      'A'.repeat(15_000),
    ];
    for (const region of regions) {
      const answer = await post(url, body, { 'x-region': encodeURIComponent(region) });
      expect(answer.status).toBe(500);
    }
    expect(lines).toHaveLength(regions.length);
    for (const line of lines) {
      expect(line).not.toMatch(UNPRINTABLE);
      expect(line.startsWith('graphql-jwt-auth-react: a request failed (AuthConfigError: Unknown region "eu') || line.includes('"AAAA')).toBe(true);
    }
    expect(lines[0]).toBe(
      'graphql-jwt-auth-react: a request failed (AuthConfigError: Unknown region "eu"; configured regions: test); answered 500\\x0Agraphql-jwt-auth-react: upstream auth ok again"; configured regions: test); answered 500',
    );
    expect(lines[1]).toContain('Unknown region "eu\\x1B[2J\\x1B]0;owned\\x07\\x0D"');
    expect(lines[2]).toContain('Unknown region "eu\\x9B31m\\x7F\\x5Cx1B"');
    expect(lines[3]).toContain('Unknown region "eu\\u2028forged\\u2029\\u202Eevil\\u2066"');
    // 15 KB of region: the line is cut at 1000 characters and says how much was left out.
    const long = lines[4] ?? '';
    expect(long.length).toBeLessThan(1100);
    expect(long).toMatch(/^graphql-jwt-auth-react: a request failed \(AuthConfigError: Unknown region "A+… \(14\d{3} more characters\)$/);
    expect(running.service.authCalls).toHaveLength(0);
  });
});

describe('the bound of a log line: 1000 characters before escaping', () => {
  it('a line of exactly 1000 characters is written whole; one of 1001 is cut to 1000 and says 1 more character was left out', async () => {
    const running = await startService();
    const { lines, logger } = recordingLogger();
    const credentials: TenantHandlerOptions['credentials'] = (request) => ({ apiKey: API_KEY, region: request.headers.get('x-region') ?? '' });
    const url = await serveHandler(createTokenHandler({ credentials, regions: { test: running.baseUrl }, logger }));
    const logged = async (region: string) => {
      expect((await post(url, {}, { 'x-region': region })).status).toBe(500);
      return lines.at(-1) ?? '';
    };
    // The line around the region: its length with a region of one character, less that character.
    const around = (await logged('x')).length - 1;

    const whole = await logged('A'.repeat(1_000 - around));
    expect(whole).toHaveLength(1_000);
    expect(whole).toMatch(/AAAA"; configured regions: test\); answered 500$/);
    const cut = await logged('A'.repeat(1_001 - around));
    expect(cut).toBe(`${whole.replace('"; configured', 'A"; configured').slice(0, 1_000)}… (1 more characters)`);
  });
});

describe('the other lines the handlers write, through the same rule', () => {
  it('a health line carrying an upstream error message is escaped', async () => {
    const { lines, logger } = recordingLogger();
    const forged = 'connect ECONNREFUSED\ngraphql-jwt-auth-react: upstream auth ok again\u001b[0m';
    const handler = createTokenHandler({
      apiKey: API_KEY,
      region: 'test',
      regions: { test: 'http://127.0.0.1:9' },
      authorizeRequest: hasSession,
      logger,
      fetch: () => Promise.reject(new TypeError('fetch failed', { cause: new Error(forged) })),
    });
    try {
      expect(await handler.ready()).toMatchObject({ state: 'failing', code: 'UPSTREAM_AUTH_UNAVAILABLE' });
    } finally {
      handler.dispose();
    }
    expect(lines).toEqual([
      'graphql-jwt-auth-react: upstream auth failing, answering UPSTREAM_AUTH_UNAVAILABLE (could not reach http://127.0.0.1:9/v1/auth: fetch failed: connect ECONNREFUSED\\x0Agraphql-jwt-auth-react: upstream auth ok again\\x1B[0m); asking again with backoff',
    ]);
  });

  it('a token cache line naming the cache’s error is escaped', async () => {
    const running = await startService();
    const { lines, logger } = recordingLogger();
    const failure = Object.assign(new Error('down'), { name: 'CacheError\r\ngraphql-jwt-auth-react: the token cache is back' });
    const refuse = () => Promise.reject(failure);
    const tokenCache: TokenCache = { read: refuse, write: refuse, compareAndSet: refuse, takeLease: refuse, releaseLease: refuse };
    const handler = createTokenHandler({
      apiKey: API_KEY,
      region: 'test',
      regions: { test: running.baseUrl },
      authorizeRequest: hasSession,
      logger,
      tokenCache,
    });
    try {
      expect(await handler.ready()).toMatchObject({ state: 'ok' });
    } finally {
      handler.dispose();
    }
    expect(lines).toEqual([
      'graphql-jwt-auth-react: the token cache is unavailable (CacheError\\x0D\\x0Agraphql-jwt-auth-react: the token cache is back: down); each process renews its own token until it is back',
    ]);
  });
});
