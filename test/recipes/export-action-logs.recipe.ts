// docs/live-data.md's NDJSON export, as a new user runs it from a shell: `npm init -y && npm pkg set
// type=module` in a new directory outside the repository, the page's install line (the package from the
// packed tarball), export-action-logs.ts and main.ts pasted from their blocks, then `npx tsx main.ts
// OP_ID 10 > logs.ndjson` against the mock's bin with two-second tokens and pages slow enough that the
// export outlives two of them.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startMock, stopAll, userEnv } from '../package/processes.ts';
import { run } from '../package/throwaway-app.ts';
import { docFile, installArgs, readDoc } from './doc-blocks.ts';
import { timed } from './timed.ts';
import { npmInstall } from './vite-app.ts';

const PAGE = 'docs/live-data.md';
const { workDir, tarball } = inject('packed');
const appDir = join(workDir, 'export-logs');
const API_KEY = 'dev-key';
const TOKEN_LIFETIME_SEC = 2;
/**
 * Each page takes 0.4 s, and the client renews a two-second token one second after it came: a renewal
 * every two or three pages. (A page slower than that margin would meet its token's end on the way.)
 */
const GRAPHQL_DELAY_MS = 400;
/** main.ts's PAGE_SIZE: pages enough (the CLI's 100 would read the demo's longest log in three) to outlive two tokens. */
const PAGE_SIZE = 10;

/** The mock's GraphQL, asked directly with a token of the key: what the test compares the export with. */
async function ask<T>(baseUrl: string, query: string): Promise<T> {
  const auth = await fetch(`${baseUrl}/v1/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: API_KEY }) });
  const { token } = (await auth.json()) as { token: string };
  const answer = await fetch(`${baseUrl}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
  });
  const { data } = (await answer.clone().json()) as { data?: T | null };
  if (data === undefined || data === null) throw new Error(`the mock answered ${String(answer.status)}: ${await answer.text()}`);
  return data;
}

describe('docs/live-data.md’s NDJSON export, run from a shell in a new directory', () => {
  beforeAll(async () => {
    await mkdir(appDir, { recursive: true });
    const page = await readDoc(PAGE);
    expect(page).toContain('npm init -y && npm pkg set type=module\n');
    await timed('export: npm init, npm install (the page’s lines)', async () => {
      await run('npm', ['init', '-y'], { cwd: appDir, env: userEnv });
      await run('npm', ['pkg', 'set', 'type=module'], { cwd: appDir, env: userEnv });
      await npmInstall(appDir, tarball, installArgs(page, 'graphql-jwt-auth-react graphql tsx'));
    });
    await writeFile(join(appDir, 'export-action-logs.ts'), await docFile(PAGE, 'examples/export-action-logs/export-action-logs.ts'));
    await writeFile(join(appDir, 'main.ts'), await docFile(PAGE, 'examples/export-action-logs/main.ts'));
  }, 300_000);

  afterAll(() => {
    stopAll();
  });

  it('writes every action log of the longest pentest once, in order, through at least two renewals of a two-second token', async () => {
    // The demo data is seeded, the same in every mock: this one, with hour-long tokens and no delay, tells the test what to expect.
    const probe = await startMock(appDir);
    const { pentests_page } = await ask<{ pentests_page: { pentests: { op_id: string }[] } }>(
      probe.baseUrl,
      '{ pentests_page(page_input: { page_num: 1, page_size: 20 }) { pentests { op_id } } }',
    );
    const ids = pentests_page.pentests.map(({ op_id }) => op_id);
    const counts = await ask<Record<string, number>>(
      probe.baseUrl,
      `{ ${ids.map((id, index) => `p${String(index)}: action_logs_count(input: { op_id: ${JSON.stringify(id)} })`).join(' ')} }`,
    );
    const longest = ids.reduce((best, id, index) => ((counts[`p${String(index)}`] ?? 0) > (counts[`p${String(ids.indexOf(best))}`] ?? 0) ? id : best));
    const { action_logs_page } = await ask<{ action_logs_page: { action_logs: unknown[] } }>(
      probe.baseUrl,
      `{ action_logs_page(input: { op_id: ${JSON.stringify(longest)} }, page_input: { page_num: 1, page_size: 1000 }) {
          action_logs { start_time end_time module_id module_name cmd target_h3_names exit_code } } }`,
    );
    const logs = action_logs_page.action_logs;
    // Enough for six pages or more: the export outlives at least two tokens.
    expect(logs.length).toBeGreaterThan(5 * PAGE_SIZE);
    const mock = await startMock(appDir, ['--token-lifetime', String(TOKEN_LIFETIME_SEC), '--graphql-delay', String(GRAPHQL_DELAY_MS)]);

    const { stdout, stderr } = await timed('export: npx tsx main.ts OP_ID 10 > logs.ndjson', () =>
      run('npx', ['--no-install', 'tsx', 'main.ts', longest, String(PAGE_SIZE)], {
        cwd: appDir,
        env: { ...userEnv, GRAPHQL_JWT_API_KEY: API_KEY, GRAPHQL_JWT_BASE_URL: mock.baseUrl },
      }),
    );

    const lines = stdout.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual(logs);
    const pages = Math.ceil(logs.length / PAGE_SIZE) + 1;
    expect(stderr.trim().split('\n')).toEqual([
      ...Array.from(
        { length: pages },
        (_, index) => `${String(index + 1)} pages, ${String(Math.min((index + 1) * PAGE_SIZE, logs.length))}/${String(logs.length)} logs`,
      ),
      `${String(logs.length)} action logs written`,
    ]);
    const authCalls = mock.authCalls();
    console.log(`[recipes] export: ${String(logs.length)} logs in ${String(pages)} pages, ${String(authCalls)} /v1/auth calls`);
    // The first token and at least two renewals.
    expect(authCalls).toBeGreaterThanOrEqual(3);
  });
});
