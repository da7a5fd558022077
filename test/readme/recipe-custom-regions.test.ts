// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { API_KEY, startService } from '../support/fixtures.js';
import { regions } from './recipe-custom-regions.js';

describe('README "Custom region map"', () => {
  it("the `local` entry's paths are the ones the mock service serves (no 404)", async () => {
    const { baseUrl, service } = await startService();
    const at = (url: string) => `${baseUrl}${new URL(url).pathname}`;
    const auth = await fetch(at(regions.local.authUrl), { method: 'POST', body: JSON.stringify({ key: API_KEY }) });
    const { token } = (await auth.json()) as { token: string };
    const answer = await fetch(at(regions.local.graphqlUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ pentests_count }' }),
    });
    expect([auth.status, answer.status]).toEqual([200, 200]);
    expect(service.requests.map((request) => request.path)).toEqual(['/v1/auth', '/v1/graphql']);
  });
});
