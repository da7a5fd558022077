/**
 * `npm run test:browser` (after `storybook build`): opens every story of the static build in Debian's
 * Chromium, waits for Storybook to report that its play function passed, fails on any console error
 * or page error, and saves a screenshot per story into test-results/screenshots/.
 */
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { launchChromium } from './chromium.ts';
import { isDemonstratedAnswer, RECORD_STORYBOOK_EVENTS, type StoryEvent } from './storybook-events.ts';
import { serveDirectory } from './static-server.ts';

const BUILD_DIR = resolve(process.argv[2] ?? 'storybook-static');
const SCREENSHOT_DIR = resolve('test-results/screenshots');
const STORY_TIMEOUT_MS = 120_000; // a bound, not a wait: each story ends at its play function's last event
/** A running Storybook to test instead of the static build, e.g. `npm start`'s http://127.0.0.1:6006. */
const STORYBOOK_URL = process.env.STORYBOOK_URL;
/** Only stories whose id contains this, e.g. STORIES=storm (for a quicker run while working). */
const ONLY = process.env.STORIES ?? '';

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
}

async function storiesOf(baseUrl: string): Promise<IndexEntry[]> {
  const index = (await (await fetch(`${baseUrl}/index.json`)).json()) as { entries: Record<string, IndexEntry> };
  return Object.values(index.entries)
    .filter((entry) => entry.type === 'story' && entry.id.includes(ONLY))
    .sort((a, b) => a.title.localeCompare(b.title, 'en', { numeric: true }));
}

async function runStory(context: BrowserContext, baseUrl: string, story: IndexEntry): Promise<string[]> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !isDemonstratedAnswer(message.text(), message.location().url)) {
      problems.push(`console.error: ${message.text()} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  try {
    await page.goto(`${baseUrl}/iframe.html?id=${encodeURIComponent(story.id)}&viewMode=story`);
    const finished = await page.waitForFunction(
      () => (window as unknown as { __storyEvents: StoryEvent[] }).__storyEvents.find((e) => e.type === 'storyFinished'),
      undefined,
      { timeout: STORY_TIMEOUT_MS, polling: 100 },
    );
    const { args } = (await finished.jsonValue()) as StoryEvent;
    const events = await page.evaluate(() => (window as unknown as { __storyEvents: StoryEvent[] }).__storyEvents);
    const phases = events.filter((e) => e.type === 'storyRenderPhaseChanged').map((e) => (e.args[0] as { newPhase: string }).newPhase);
    if ((args[0] as { status?: string } | undefined)?.status !== 'success') problems.push(`Storybook reports ${JSON.stringify(args[0])}`);
    if (!phases.includes('playing') || !phases.includes('played')) problems.push(`play function did not pass; phases: ${phases.join(' → ')}`);
    for (const event of events.filter((e) => e.type !== 'storyRenderPhaseChanged' && e.type !== 'storyFinished')) {
      problems.push(`${event.type}: ${JSON.stringify(event.args).slice(0, 500)}`);
    }
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${story.id}.png`), fullPage: true });
  } catch (error: unknown) {
    problems.push(error instanceof Error ? error.message : String(error));
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${story.id}.failed.png`), fullPage: true }).catch(() => undefined);
  } finally {
    await page.close();
  }
  return problems;
}

async function main(): Promise<number> {
  const server = STORYBOOK_URL === undefined ? await serveDirectory(BUILD_DIR) : { url: STORYBOOK_URL, close: async () => {} };
  const stories = await storiesOf(server.url);
  if (stories.length === 0) throw new Error(`No stories in ${server.url}/index.json`);
  await rm(SCREENSHOT_DIR, { recursive: true, force: true });
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const { context, close } = await launchChromium();
  await context.addInitScript(RECORD_STORYBOOK_EVENTS);
  let failed = 0;
  try {
    for (const story of stories) {
      const started = Date.now();
      const problems = await runStory(context, server.url, story);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (problems.length === 0) {
        console.log(`✓ ${story.title} › ${story.name} (${seconds} s)`);
      } else {
        failed += 1;
        console.log(`✗ ${story.title} › ${story.name} (${seconds} s)\n${problems.map((p) => `    ${p}`).join('\n')}`);
      }
    }
  } finally {
    await close();
    await server.close();
  }
  console.log(`Screenshots: ${SCREENSHOT_DIR}`);
  console.log(`${stories.length - failed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main();
