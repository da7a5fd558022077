// @vitest-environment node
// The recipe of docs/trusted-documents.md, run: the proxy reads the client preset's manifest from a
// file at start, serves its listed operations to signed-in users, the mutation to admins only, and
// refuses everything else before it reaches the service.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { post, serveHandler } from '../server/serve-handler.js';
import { runningOpId } from '../support/documents.js';
import { API_KEY, startService } from '../support/fixtures.js';
import { trustedGraphQLProxy } from './server-trusted-documents.js';

const COUNT = 'query Count { pentests_count }';
const PAUSE = 'mutation PauseOp($op_id: String!) { pause_op(op_id: $op_id) { op_id op_state } }';
const USERS = new Map([
  ['session=reader', { id: 'u1', admin: false }],
  ['session=admin', { id: 'u2', admin: true }],
]);
const users = { userOf: (request: Request) => Promise.resolve(USERS.get(request.headers.get('cookie') ?? '') ?? null) };

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('docs/trusted-documents.md: the proxy given the build’s manifest', () => {
  it('runs listed queries for any signed-in user, the listed mutation for an admin only, nothing unlisted for anyone', async () => {
    const running = await startService();
    vi.stubEnv('API_KEY', API_KEY);
    const manifest = join(await mkdtemp(join(tmpdir(), 'trusted-documents-')), 'persisted-documents.json');
    await writeFile(manifest, JSON.stringify({ c0ffee: COUNT, beef: PAUSE }));
    const url = await serveHandler(trustedGraphQLProxy(users, { manifest, regions: { us: running.baseUrl } }));
    const pause = { documentId: 'beef', variables: { op_id: runningOpId() } };

    const statuses = [
      (await post(url, { documentId: 'c0ffee' }, { cookie: 'session=reader' })).status,
      (await post(url, pause, { cookie: 'session=reader' })).status,
      (await post(url, pause, { cookie: 'session=admin' })).status,
      (await post(url, { query: 'mutation { pause_op(op_id: "x") { op_id } }' }, { cookie: 'session=admin' })).status,
      (await post(url, { documentId: 'c0ffee' }, { cookie: 'session=stranger' })).status,
    ];

    expect(statuses).toEqual([200, 403, 200, 403, 401]);
    expect(running.service.graphqlCalls.map((call) => call.operationName)).toEqual(['Count', 'PauseOp']);
  });
});
