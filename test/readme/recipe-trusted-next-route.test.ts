// @vitest-environment node
// docs/trusted-documents.md's Next.js route handler, run: the manifest imported with the module
// serves the page's ids to a signed-in user, and refuses an unknown id, an unlisted text and a
// stranger before anything reaches the service.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../examples/typed-documents/src/persisted/session.js';
import { API_KEY, startService } from '../support/fixtures.js';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const ask = (POST: (request: Request) => Promise<Response> | Response, body: unknown, cookie?: string) =>
  POST(
    new Request('http://127.0.0.1/api/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie === undefined ? {} : { cookie }) },
      body: JSON.stringify(body),
    }),
  );

describe('docs/trusted-documents.md: the Next.js route handler with the imported manifest', () => {
  it('answers a listed id for a signed-in user; an unknown id, an unlisted text and a stranger are refused, none reaching the service', async () => {
    const running = await startService();
    vi.stubEnv('API_KEY', API_KEY);
    vi.stubEnv('UPSTREAM_URL', running.baseUrl);
    const { POST } = await import('../../examples/typed-documents/src/persisted/app/api/graphql/route.js');
    const cookie = startSession();
    const id = 'sha256:c2c4ef1ce1170a4ceb7dbbe89907a884e6d034b1f45fd697742b019f427b07cb';

    const listed = await ask(POST, { documentId: id, variables: { page_size: 2 } }, cookie);
    const unknown = await ask(POST, { documentId: `sha256:${'0'.repeat(64)}` }, cookie);
    const unlisted = await ask(POST, { query: '{ pentests_count }' }, cookie);
    const stranger = await ask(POST, { documentId: id });

    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { data: { pentests_page: { pentests: unknown[] } } }).data.pentests_page.pentests).toHaveLength(2);
    expect(await unknown.json()).toMatchObject({ errors: [{ extensions: { code: 'OPERATION_NOT_ALLOWED', reason: 'unknown_id' } }] });
    expect([unknown.status, unlisted.status, stranger.status]).toEqual([403, 403, 401]);
    expect(running.service.graphqlCalls).toHaveLength(1);
  });
});
