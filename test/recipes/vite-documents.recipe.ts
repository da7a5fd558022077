// docs/trusted-documents.md's Vite + Node recipe, as a new user runs it: an app made by `npm create
// vite@9.3.0 -- --template react-ts` outside the repository, the page's install lines (the package
// from the packed tarball, GraphQL Code Generator from the registry), every file pasted from its block
// (server.mjs is docs/modes.md's with the page's change), `npx graphql-codegen`, then the mock, the
// server and Vite. In Chromium the page sends ids only; after a deploy whose list no longer holds its
// id, the page asks once to reload.
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LaunchedChromium, launchChromium } from '../../test-browser/chromium.ts';
import { root, run } from '../package/throwaway-app.ts';
import { type Running, start, startMock, stopAll, SYSTEM_NODE, userEnv } from '../package/processes.ts';
import { openWatchedPage } from '../package/watched-page.ts';
import { freePort } from '../support/free-ports.ts';
import { docFile, installArgs, readDoc } from './doc-blocks.ts';
import { stopServer, watchReloadPrompts } from './reload-prompts.ts';
import { timed } from './timed.ts';
import { createViteApp, npmInstall, startViteWithDevProxy } from './vite-app.ts';

const PAGE = 'docs/trusted-documents.md';
const { workDir, tarball } = inject('packed');
const appDir = join(workDir, 'documents-app');
const API_KEY = 'dev-key';
const DEMO_PASSWORD = 'correct horse battery staple';
/** The line of docs/modes.md's server.mjs the page's block replaces. */
const PROXY_LINE = 'const graphqlProxy = createGraphQLProxy(options);\n';
const MANIFEST = join(appDir, 'src/gql/persisted-documents.json');
let chromium: LaunchedChromium | undefined;

/** server.mjs on `port`, as the page runs it; answers once it listens. */
async function startServer(port: number, upstream: string): Promise<Running> {
  const server = start(SYSTEM_NODE, ['server.mjs'], { cwd: appDir, env: { ...userEnv, API_KEY, DEMO_PASSWORD, UPSTREAM_URL: upstream, PORT: String(port) } });
  await server.printed(/listening on http:\/\/127\.0\.0\.1:\d+/);
  return server;
}

describe('a fresh create-vite app with docs/trusted-documents.md’s Vite + Node recipe', () => {
  beforeAll(async () => {
    await mkdir(workDir, { recursive: true });
    await timed('documents: npm create vite@9.3.0', () => createViteApp(workDir, 'documents-app'));
    const page = await readDoc(PAGE);
    await timed('documents: npm install (the page’s two lines)', async () => {
      await npmInstall(appDir, tarball, installArgs(page, 'graphql-jwt-auth-react'));
      await npmInstall(appDir, tarball, installArgs(page, '-D'));
    });
    await writeFile(join(appDir, 'codegen.ts'), await docFile(PAGE, 'test/readme/documents-recipe/codegen.ts'));
    await copyFile(join(root, 'examples/typed-documents/schema.graphql'), join(appDir, 'schema.graphql'));
    for (const file of ['pentests.ts', 'new-build.ts', 'sign-in-or-pentests.tsx', 'main.tsx']) {
      await writeFile(join(appDir, 'src', file), await docFile(PAGE, `examples/typed-documents/src/persisted/${file}`));
    }
    const server = await docFile('docs/modes.md', 'test/readme/server-node.mjs');
    expect(server).toContain(PROXY_LINE);
    await writeFile(join(appDir, 'server.mjs'), server.replace(PROXY_LINE, await docFile(PAGE, 'test/recipes/vite-documents.recipe.ts')));
    await timed('documents: npx graphql-codegen', () => run('npx', ['--no-install', 'graphql-codegen'], { cwd: appDir, env: userEnv }));
  }, 420_000);

  afterAll(async () => {
    await chromium?.close();
    stopAll();
  });

  it('the page sends ids, never a text; after a deploy whose list lost its id it asks once to reload, nothing retried', async () => {
    const manifest = JSON.parse(await readFile(MANIFEST, 'utf8')) as Record<string, string>;
    const [id, text] = Object.entries(manifest).find(([, listed]) => listed.startsWith('query ExamplePentests')) ?? ['', ''];
    expect(id).toMatch(/^sha256:[0-9a-f]{64}$/);
    const mock = await startMock(appDir);
    const port = await freePort();
    const server = await startServer(port, mock.baseUrl);
    const viteUrl = await startViteWithDevProxy(appDir, `http://127.0.0.1:${String(port)}`);

    chromium ??= await launchChromium();
    const toProxy = (response: { status: () => number; url: () => string }) =>
      [401, 403].includes(response.status()) && new URL(response.url()).pathname === '/api/graphql';
    const { page, errors, requests } = await openWatchedPage(chromium.context, viteUrl, toProxy);
    const signIn = async () => {
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
    };
    await timed('documents: sign in, data shown', async () => {
      await signIn();
      await expect.poll(() => page.locator('li').count(), { timeout: 60_000 }).toBe(5);
    });
    const sent = requests.filter((request) => request.url.endsWith('/api/graphql')).map((request) => JSON.parse(request.body) as Record<string, unknown>);
    expect(sent.length).toBeGreaterThan(0);
    for (const body of sent) expect(body).toEqual({ documentId: id, variables: { page_size: 5 }, operationName: 'ExamplePentests' });

    // A deploy: the query changed, so the new list holds it under another id; the server restarts with it.
    const changed = text.replace('state', 'state op_type');
    const newList = Object.fromEntries(
      Object.entries(manifest).map(([key, value]) => (key === id ? [`sha256:${createHash('sha256').update(changed).digest('hex')}`, changed] : [key, value])),
    );
    await stopServer(server);
    await writeFile(MANIFEST, JSON.stringify(newList));
    await startServer(port, mock.baseUrl);
    // The proxy's answers in order, and how many had come when the page asked to reload.
    const { answers, dialogs } = watchReloadPrompts(page);
    // The old bundle, a new server: its session is gone too, so the user signs in again first.
    await page.reload();
    await page.getByLabel('Password').waitFor();
    await signIn();
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 60_000 }).toBe('UnknownOperationIdError');

    expect(dialogs.map(({ message }) => message)).toEqual(['A new version of this app is out. Reload the page?']);
    // React Query calls onError after its retries: one 403 before the prompt is one send, no retry.
    // (Closing the prompt gives the window its focus back, which refetches once more: no prompt again.)
    const refused = answers.slice(0, dialogs[0]?.answered).filter(({ status }) => status === 403);
    expect(refused).toEqual([{ status: 403, body: { documentId: id, variables: { page_size: 5 }, operationName: 'ExamplePentests' } }]);
    expect(errors).toEqual([]);
    await page.close();
    stopAll();
  });
});
