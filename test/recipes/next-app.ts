// The steps the Next.js recipes share, as a user takes them: `npx create-next-app@16.4.3` outside the
// repository (its defaults, with npm), the generated layout made to build offline, `next start` on a
// free port of 127.0.0.1, and a wait for a page's data that fails with what the page shows.
import type { Page } from 'playwright-core';
import { type Running, start, userEnv } from '../package/processes.ts';
import { run } from '../package/throwaway-app.ts';
import { freePort } from '../support/free-ports.ts';

/** `npx create-next-app@16.4.3 NAME --yes --disable-git` and `more` options in `workDir`. */
export function createNextApp(workDir: string, name: string, more: readonly string[] = []): Promise<unknown> {
  // Its defaults, installing with npm; prefer-offline lets npm's cache answer what it holds.
  return run('npx', ['--yes', 'create-next-app@16.4.3', name, '--yes', '--disable-git', ...more], {
    cwd: workDir,
    env: { ...userEnv, npm_config_prefer_offline: 'true' },
  });
}

/**
 * The generated layout without its Google fonts: `next build` fetches them from fonts.googleapis.com,
 * which CI cannot reach. Throws on a layout this does not know, rather than building another one.
 */
export function withoutGoogleFonts(layout: string): string {
  const offline = layout
    .replace(/^import \{[^}]*\} from "next\/font\/google";\n/m, '')
    .replace(/^const geist\w* = Geist\w*\(\{[\s\S]*?\}\);\n\n?/gm, '')
    .replace('${geistSans.variable} ${geistMono.variable} ', '');
  if (offline === layout || /geist/i.test(offline)) throw new Error(`create-next-app wrote a layout this test does not know:\n${layout}`);
  return offline;
}

/** `next start -H 127.0.0.1` on `port`, else a free one (Next prints no port it chose itself); answers its URL once ready. */
export async function startNext(appDir: string, port?: number): Promise<{ url: string; server: Running }> {
  port ??= await freePort();
  const server = start('npx', ['--no-install', 'next', 'start', '-H', '127.0.0.1', '-p', String(port)], { cwd: appDir });
  await server.printed(/Ready in/);
  return { url: `http://127.0.0.1:${String(port)}`, server };
}

/** Waits for `testId`; else fails with what the page shows, what went wrong and what the server printed, not a bare timeout. */
export async function shown(page: Page, testId: string, errors: readonly string[], server: Running | undefined): Promise<void> {
  try {
    await page.getByTestId(testId).waitFor({ timeout: 60_000 });
  } catch (error) {
    throw new Error(
      `no ${testId} on ${page.url()}: the page shows "${await page.locator('body').innerText()}"; errors: ${JSON.stringify(errors)}\nnext start printed:\n${server?.output() ?? ''}`,
      { cause: error },
    );
  }
}
