// examples/nextjs as users get it: the packed library, `next build`, `next start` on 127.0.0.1, the
// mock service upstream with 20 s tokens, every page driven in Chromium with all its traffic recorded.
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedMockService, startMockService } from '../../mock-service/node/serve.ts';
import { type LaunchedChromium, launchChromium } from '../chromium.ts';
import { buildExample, EXAMPLE_DIR, type ExampleEnv, type StartedExample, startExample } from './next-app.ts';
import { filesContaining, filesUnder } from './secrets.ts';
import { exchangeText, TrafficRecorder } from './traffic.ts';

// Random per run, so a hit anywhere is a leak and never a coincidence.
const SERVER_KEY = `server-key-${randomUUID()}`;
const USER_KEY = `user-key-${randomUUID()}`;
const TOKEN_LIFETIME_SEC = 20;
const DATA_TIMEOUT_MS = 15_000;

let mock: StartedMockService;
let env: ExampleEnv;
let authCallsDuringBuild = -1;
let app: StartedExample;
let chromium: LaunchedChromium;
let traffic: TrafficRecorder;

beforeAll(async () => {
  mock = await startMockService({ validKeys: [SERVER_KEY, USER_KEY], tokenLifetimeSec: TOKEN_LIFETIME_SEC });
  // The key is in the build's environment, as a careless .env would put it: the build must still not ship it.
  env = { API_KEY: SERVER_KEY, SESSION_SECRET: randomBytes(32).toString('hex'), UPSTREAM_URL: mock.baseUrl };
  await buildExample(env);
  authCallsDuringBuild = mock.service.authCalls.length;
  app = await startExample(env);
  chromium = await launchChromium();
  traffic = new TrafficRecorder(chromium.context);
});

afterAll(async () => {
  await chromium.close();
  await app.stop();
  await mock.close();
});

async function openTab(tab: string, path: string): Promise<Page> {
  const page = await chromium.context.newPage();
  traffic.label(page, tab);
  await page.goto(`${app.url}${path}`);
  return page;
}

async function dataShown(page: Page): Promise<string> {
  await page.getByTestId('data').waitFor({ timeout: DATA_TIMEOUT_MS });
  return page.getByTestId('viewer').innerText();
}

describe('examples/nextjs, built and started', () => {
  it('next build makes no /v1/auth call and puts the server key in no file under .next/static', async () => {
    expect(authCallsDuringBuild).toBe(0);
    const files = await filesUnder(join(EXAMPLE_DIR, '.next/static'));
    expect(files.length).toBeGreaterThan(0);
    expect(await filesContaining(files, SERVER_KEY)).toEqual([]);
  });

  it('browser-key mode shows the data, the typed key going only into the /v1/auth body', async () => {
    const page = await openTab('browser-key', '/browser-key');
    await page.getByTestId('api-key').fill(USER_KEY);
    await page.getByTestId('api-key').press('Enter');
    expect(await dataShown(page)).toContain('Viewer (us)');
    await traffic.settle();
    const carrying = traffic.exchanges.filter((exchange) => exchangeText(exchange).includes(USER_KEY));
    expect(carrying.map(({ method, url }) => `${method} ${url}`)).toEqual([`POST ${mock.baseUrl}/v1/auth`]);
    expect(carrying[0]!.requestBody).toBe(JSON.stringify({ key: USER_KEY }));
    expect(mock.service.authCalls.map((call) => call.body)).toEqual([JSON.stringify({ key: USER_KEY })]);
  });

  it('the server key is in no request the browser made and no response it got (HTML, RSC, scripts)', async () => {
    await traffic.settle();
    expect(traffic.exchanges.length).toBeGreaterThan(0);
    const leaking = traffic.exchanges.filter((exchange) => exchangeText(exchange).includes(SERVER_KEY));
    expect(leaking.map(({ url }) => url)).toEqual([]);
  });
});
