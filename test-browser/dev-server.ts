/**
 * `npm run test:browser:dev`: the flagship story as a visitor first meets it after `npm start`, three
 * times over. Each time Storybook's caches are deleted, `storybook dev` is started, and a fresh Chromium
 * (1440×1000) opens the manager at the story. A load passes when the story's play function passes
 * with the preview loaded once (no reload: Vite found every dependency before the first page), no
 * console error and no UniversalStore warning, and the token panel and the timeline in view without
 * scrolling. The last load's screenshot goes to test-results/ (UPDATE_SCREENSHOT=1: to docs/screenshots/).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { freePort } from '../test/support/free-ports.ts';
import { launchChromium } from './chromium.ts';
import { isDemonstratedAnswer, RECORD_STORYBOOK_EVENTS, type StoryEvent } from './storybook-events.ts';

const ROOT = resolve(import.meta.dirname, '..');
const LOADS = Number(process.env.LOADS ?? 3);
const VIEWPORT = { width: 1440, height: 1000 };
const FLAGSHIP = 'pentest-dashboard--pentest-dashboard-story';
/** A cold start optimizes every dependency before the first page: give it time, but not forever. */
const START_TIMEOUT_MS = 180_000;
const STORY_TIMEOUT_MS = 120_000;
const SCREENSHOT = join(ROOT, 'test-results/storybook-dev/pentest-dashboard.png');
/** Where Storybook and its Vite keep what they optimized and cached: a cold start has none of it. */
const CACHES = [join(ROOT, 'node_modules/.cache/storybook'), join(ROOT, 'node_modules/.vite/deps'), join(ROOT, 'node_modules/.vite-storybook')];

interface DevServer {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** `storybook dev` as `npm start` runs it, on a free port; ready when it serves the story index. */
async function startStorybook(): Promise<DevServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    join(ROOT, 'node_modules/.bin/storybook'),
    ['dev', '--host', '127.0.0.1', '--port', String(port), '--no-open', '--no-version-updates', '--ci'],
    { cwd: ROOT, env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<void>((done) =>
    child.once('exit', () => {
      done();
    }),
  );
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    process.kill(-child.pid, 'SIGKILL'); // its process group: Vite's workers go with it
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  // Bounded polling: the dev server says nothing machine-readable when it is ready.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`storybook dev exited (${String(child.exitCode)}):\n${output}`);
    const ready = await fetch(`${url}/index.json`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, output: () => output, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`storybook dev did not serve ${url}/index.json within ${START_TIMEOUT_MS} ms:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}

/**
 * Whether the element is wholly in sight without scrolling: inside the window and inside the part of
 * the preview iframe that shows (Storybook's addon panel and toolbar take the rest of the window, and a
 * box inside the iframe is not clipped by it).
 */
async function inView(page: Page, frame: Frame, selector: string): Promise<string | null> {
  const box = await frame.locator(selector).boundingBox();
  if (box === null) return `${selector} is not shown`;
  const shown = await page.locator('#storybook-preview-iframe').boundingBox();
  if (shown === null) return 'the preview iframe is not shown';
  const top = Math.max(0, shown.y);
  const bottom = Math.min(VIEWPORT.height, shown.y + shown.height);
  const right = Math.min(VIEWPORT.width, shown.x + shown.width);
  const fits = box.x >= Math.max(0, shown.x) && box.y >= top && box.x + box.width <= right && box.y + box.height <= bottom;
  return fits
    ? null
    : `${selector} is not in view at ${VIEWPORT.width}×${VIEWPORT.height}: ${JSON.stringify(box)}, the preview shows ${JSON.stringify(shown)} (page ${page.url()})`;
}

const DOCUMENT_LOADS = `(() => {
  const loads = JSON.parse(sessionStorage.getItem('__documentLoads') ?? '[]');
  loads.push(window === window.top ? 'manager' : 'preview');
  sessionStorage.setItem('__documentLoads', JSON.stringify(loads));
})();`;

async function coldLoad(attempt: number): Promise<string[]> {
  if (process.env.KEEP_CACHE !== '1') for (const cache of CACHES) await rm(cache, { recursive: true, force: true });
  const server = await startStorybook();
  const { context, close } = await launchChromium(VIEWPORT);
  const problems: string[] = [];
  try {
    await context.addInitScript(RECORD_STORYBOOK_EVENTS);
    // Every document that starts, kept where a reload cannot wipe it (framenavigated also fires for
    // the history API's same-document navigations, which Storybook's router makes).
    await context.addInitScript(DOCUMENT_LOADS);
    const page = await context.newPage();
    const loadStarted = Date.now();
    if (process.env.SHOW_OUTPUT === '1') {
      page.on('framenavigated', (frame) => {
        console.log(`navigated ${frame === page.mainFrame() ? 'manager' : frame.name()} ${frame.url()} at ${Date.now() - loadStarted} ms`);
      });
    }
    page.on('console', (message) => {
      const text = message.text();
      if (message.type() === 'error' && !isDemonstratedAnswer(text, message.location().url))
        problems.push(`console.error: ${text} (${message.location().url})`);
      else if (text.includes('UniversalStore')) problems.push(`console.${message.type()}: ${text}`);
    });
    page.on('pageerror', (error) => problems.push(`page error at ${Date.now() - loadStarted} ms: ${error.message}`));
    if (process.env.SHOW_OUTPUT === '1')
      page.on('console', (message) => {
        console.log(`[${message.type()}] ${message.text().slice(0, 300)}`);
      });
    await page.goto(`${server.url}/?path=/story/${FLAGSHIP}`);
    const iframe = await page.waitForSelector('#storybook-preview-iframe', { timeout: STORY_TIMEOUT_MS });
    const frame = await iframe.contentFrame();
    if (frame === null) throw new Error('the preview iframe has no frame');
    await page.waitForFunction(
      () => {
        const preview = document.querySelector<HTMLIFrameElement>('#storybook-preview-iframe')?.contentWindow as
          { __storyEvents?: StoryEvent[] } | null | undefined;
        return preview?.__storyEvents?.some((event) => event.type === 'storyFinished') === true;
      },
      undefined,
      { timeout: STORY_TIMEOUT_MS, polling: 200 },
    );
    const events = await page.evaluate(
      () => (document.querySelector<HTMLIFrameElement>('#storybook-preview-iframe')?.contentWindow as unknown as { __storyEvents: StoryEvent[] }).__storyEvents,
    );
    const finished = events.find((event) => event.type === 'storyFinished');
    if ((finished?.args[0] as { status?: string } | undefined)?.status !== 'success') problems.push(`Storybook reports ${JSON.stringify(finished?.args[0])}`);
    for (const event of events.filter((e) => e.type !== 'storyRenderPhaseChanged' && e.type !== 'storyFinished')) {
      problems.push(`${event.type}: ${JSON.stringify(event.args).slice(0, 500)}`);
    }
    const previewFrame = page.frames().find((candidate) => candidate.name() === 'storybook-preview-iframe') ?? frame;
    const loads = JSON.parse((await page.evaluate(() => sessionStorage.getItem('__documentLoads'))) ?? '[]') as string[];
    for (const name of ['manager', 'preview']) {
      const count = loads.filter((load) => load === name).length;
      if (count !== 1) problems.push(`the ${name} document loaded ${count} times (${loads.join(' → ')})`);
    }
    for (const selector of ['[aria-label="Token panel"]', '[aria-label^="Token timeline"]']) {
      const outOfView = await inView(page, previewFrame, selector);
      if (outOfView !== null) problems.push(outOfView);
    }
    if (attempt === LOADS) {
      await mkdir(resolve(SCREENSHOT, '..'), { recursive: true });
      await page.screenshot({ path: SCREENSHOT });
      if (process.env.UPDATE_SCREENSHOT === '1') await copyFile(SCREENSHOT, join(ROOT, 'docs/screenshots/pentest-dashboard.png'));
    }
    if (process.env.SHOW_OUTPUT === '1') console.log(server.output());
    if (/new dependencies optimized|optimized dependencies changed/i.test(server.output())) {
      problems.push(
        `Vite optimized dependencies after the first page:\n${server
          .output()
          .split('\n')
          .filter((line) => /optimiz/i.test(line))
          .join('\n')}`,
      );
    }
  } catch (error: unknown) {
    problems.push(error instanceof Error ? error.message : String(error));
  } finally {
    await close();
    await server.stop();
  }
  return problems;
}

let failed = 0;
for (let attempt = 1; attempt <= LOADS; attempt++) {
  const started = Date.now();
  const problems = await coldLoad(attempt);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (problems.length === 0) {
    console.log(`✓ cold load ${attempt} of ${LOADS}: the flagship story passed in storybook dev (${seconds} s)`);
  } else {
    failed += 1;
    console.log(`✗ cold load ${attempt} of ${LOADS} (${seconds} s)\n${problems.map((problem) => `    ${problem}`).join('\n')}`);
  }
}
console.log(`${LOADS - failed} of ${LOADS} cold loads passed`);
process.exitCode = failed === 0 ? 0 : 1;
