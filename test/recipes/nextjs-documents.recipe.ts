// docs/trusted-documents.md's create-next-app recipe, as a new user runs it: an app made by `npx
// create-next-app@16.4.3 --src-dir` outside the repository, the recipe's install lines (the package from
// the packed tarball, GraphQL Code Generator from the registry), every file pasted from its block (the
// session and its sign-in route from docs/modes.md), `"prebuild": "graphql-codegen"`, then `npm run
// build` and `next start`. In Chromium the page sends ids only. Then a deploy whose query changed (a
// second `npm run build`, the one a deploy is, and `next start` on the same port): the tab left open asks
// by its old id, gets UnknownOperationIdError and asks once to reload; reloaded, it has the new ids.
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LaunchedChromium, launchChromium } from '../../test-browser/chromium.ts';
import { type Running, startMock, stopAll, userEnv } from '../package/processes.ts';
import { root, run } from '../package/throwaway-app.ts';
import { openWatchedPage } from '../package/watched-page.ts';
import { docFile, installArgs, readDoc } from './doc-blocks.ts';
import { createNextApp, startNext, withoutGoogleFonts } from './next-app.ts';
import { stopServer, watchReloadPrompts } from './reload-prompts.ts';
import { timed } from './timed.ts';

const PAGE = 'docs/trusted-documents.md';
const { workDir, tarball } = inject('packed');
const appDir = join(workDir, 'documents-next-app');
const EXAMPLE = 'examples/typed-documents/src/persisted/';
const MANIFEST = join(appDir, 'src/gql/persisted-documents.json');
const PENTESTS = join(appDir, 'src/pentests.ts');
let chromium: LaunchedChromium | undefined;
let server: Running | undefined;
let url = '';

/** The manifest's id of the listed ExamplePentests query. */
async function pentestsId(): Promise<string> {
  const manifest = JSON.parse(await readFile(MANIFEST, 'utf8')) as Record<string, string>;
  const [id = ''] = Object.entries(manifest).find(([, text]) => text.startsWith('query ExamplePentests')) ?? [];
  expect(id).toMatch(/^sha256:[0-9a-f]{64}$/);
  return id;
}

const build = (step: string) => timed(step, () => run('npm', ['run', 'build'], { cwd: appDir, env: userEnv }));

describe('a fresh create-next-app with docs/trusted-documents.md’s Next.js recipe', () => {
  beforeAll(async () => {
    await mkdir(workDir, { recursive: true });
    await timed('next documents: npx create-next-app@16.4.3 --yes --src-dir', () => createNextApp(workDir, 'documents-next-app', ['--src-dir']));
    const page = await readDoc(PAGE);
    const recipe = page.slice(page.indexOf('### Next.js (`create-next-app`)'));
    await timed('next documents: npm install (the recipe’s two lines)', async () => {
      for (const start of ['graphql-jwt-auth-react', '-D']) {
        const args = installArgs(recipe, start).map((arg) => (arg === 'graphql-jwt-auth-react' ? tarball : arg));
        await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...args], { cwd: appDir, env: userEnv });
      }
    });
    const files: Array<[string, string, string]> = [
      ['codegen.ts', PAGE, 'test/readme/documents-recipe/codegen.ts'],
      ...['pentests.ts', 'sign-in-or-pentests.tsx', 'new-build.ts', 'app/api/graphql/route.ts', 'app/page.tsx'].map((file): [string, string, string] => [
        `src/${file}`,
        PAGE,
        `${EXAMPLE}${file}`,
      ]),
      ['src/session.ts', PAGE, 'test/recipes/nextjs-documents.recipe.ts'],
      ['src/lib/session.ts', 'docs/modes.md', 'examples/nextjs/lib/session.ts'],
      ['src/app/api/sign-in/route.ts', 'docs/modes.md', 'examples/nextjs/app/api/sign-in/route.ts'],
    ];
    for (const [target, doc, file] of files) {
      await mkdir(dirname(join(appDir, target)), { recursive: true });
      await writeFile(join(appDir, target), await docFile(doc, file));
    }
    await copyFile(join(root, 'examples/typed-documents/schema.graphql'), join(appDir, 'schema.graphql'));
    const layout = join(appDir, 'src/app/layout.tsx');
    await writeFile(layout, withoutGoogleFonts(await readFile(layout, 'utf8')));
    expect(recipe).toContain('`"prebuild": "graphql-codegen"`');
    await run('npm', ['pkg', 'set', 'scripts.prebuild=graphql-codegen'], { cwd: appDir, env: userEnv });

    const mock = await startMock(appDir);
    // docs/modes.md's .env.local with this run's values.
    const env = await docFile('docs/modes.md', 'test/recipes/nextjs-bff.recipe.ts');
    await writeFile(
      join(appDir, '.env.local'),
      env.replace(/^SESSION_SECRET=.*$/m, `SESSION_SECRET=${randomBytes(32).toString('hex')}`).replace(/^UPSTREAM_URL=.*$/m, `UPSTREAM_URL=${mock.baseUrl}`),
    );
    await build('next documents: npm run build (codegen, next build)');
    ({ url, server } = await startNext(appDir));
  }, 600_000);

  afterAll(async () => {
    await chromium?.close();
    stopAll();
  });

  it('the page sends ids, never a text; after a deploy whose query changed, the open tab gets UnknownOperationIdError and asks once to reload, and reloaded it has the new ids', async () => {
    const id = await pentestsId();
    chromium ??= await launchChromium();
    const toProxy = (response: { status: () => number; url: () => string }) =>
      [401, 403].includes(response.status()) && new URL(response.url()).pathname === '/api/graphql';
    const { page, errors, requests } = await openWatchedPage(chromium.context, url, toProxy);
    const sent = () => requests.filter((request) => request.url === `${url}/api/graphql`).map((request) => JSON.parse(request.body) as Record<string, unknown>);
    await timed('next documents: sign in, data shown', async () => {
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => page.locator('li').count(), { timeout: 60_000 }).toBe(5);
    });
    expect(sent().length).toBeGreaterThan(0);
    for (const body of sent()) expect(body).toEqual({ documentId: id, variables: { page_size: 5 }, operationName: 'ExamplePentests' });

    // A deploy: the query asks for one more field, so the new build's list holds it under another id.
    const source = await readFile(PENTESTS, 'utf8');
    expect(source).toContain('        state\n');
    await writeFile(PENTESTS, source.replace('        state\n', '        state\n        op_type\n'));
    const port = new URL(url).port;
    await stopServer(server!);
    await build('next documents: the deploy’s npm run build');
    const newId = await pentestsId();
    expect(newId).not.toBe(id);
    ({ server } = await startNext(appDir, Number(port)));

    const { answers, dialogs } = watchReloadPrompts(page);
    // The tab left open, still signed in (the signed cookie outlives the deploy), refetches when shown
    // again: the event as a browser fires it, at the document, bubbling to the window React Query listens on.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    // The page's alert (Next.js has one of its own, its route announcer).
    await expect.poll(() => page.locator('p[role="alert"]').textContent(), { timeout: 60_000 }).toBe('UnknownOperationIdError');
    expect(dialogs.map(({ message }) => message)).toEqual(['A new version of this app is out. Reload the page?']);
    // One refused send before the prompt: nothing retried it.
    expect(answers.slice(0, dialogs[0]?.answered)).toEqual([
      { status: 403, body: { documentId: id, variables: { page_size: 5 }, operationName: 'ExamplePentests' } },
    ]);

    // What the prompt's reload does: the new build's page, with its ids, and the data.
    const before = requests.length;
    await page.reload();
    await expect.poll(() => page.locator('li').count(), { timeout: 60_000 }).toBe(5);
    const afterReload = requests.slice(before).filter((request) => request.url === `${url}/api/graphql`);
    expect(afterReload.map((request) => JSON.parse(request.body) as unknown)).toContainEqual({
      documentId: newId,
      variables: { page_size: 5 },
      operationName: 'ExamplePentests',
    });
    expect(errors).toEqual([]);
    await page.close();
  });
});
