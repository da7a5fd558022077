import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { CONTENDERS } from './contenders/index.js';
import { OURS, renderResults, type Results } from './report.js';
import { runBundle } from './scenarios/bundle.js';
import { documentIdsCost } from './scenarios/document-ids.js';
import { eventsCost } from './scenarios/events-cost.js';
import { guaranteeCosts } from './scenarios/guarantee-cost.js';
import { runDay } from './scenarios/day.js';
import { runFarm } from './scenarios/farm.js';
import { runLateExpired } from './scenarios/late-expired.js';
import { runRenders } from './scenarios/renders.js';
import { runServer, SERVER_PARTS } from './scenarios/server.js';
import { runClientCost } from './scenarios/client-cost.js';
import { runClientStorm } from './scenarios/client-storm.js';
import { runSteady } from './scenarios/steady.js';
import { runStorm, type StormRow } from './scenarios/storm.js';
import { runTenants } from './scenarios/tenants.js';
import { runSubscriptions } from './scenarios/subscriptions.js';
import { runSubscriptionRenewals } from './scenarios/subscription-renewals.js';
import { runSubscriptionMemory } from './scenarios/subscription-memory.js';
import { runAllPages } from './scenarios/all-pages.js';

/**
 * `npm run bench -- server:token storm:revoked:100` runs only the named parts (a scenario, or its
 * part after a colon) and prints their figures as JSON; RESULTS.md and results.json are written only
 * by a whole run, so that a partial one never passes for it.
 */
const only = process.argv.slice(2);
const wanted = (...path: string[]) => {
  const part = path.join(':');
  return only.length === 0 || only.some((name) => part === name || part.startsWith(`${name}:`));
};
const startedAt = new Date();
const loadAtStart = loadavg()[0] ?? 0;
const t0 = performance.now();
const step = (name: string) => {
  console.error(`bench: ${name} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
};

step('storm');
const storm: StormRow[] = [];
/**
 * Rounds per N. Three rounds at N = 1 000 left the median to one noisy round (1.13× to 2.03× across
 * runs). The revoked storm gets more: there every client pays the same two sends, contenders differ
 * by a few per cent while one round swings by ±10 %, and 9 rounds called the order wrong in about a
 * third of runs (resampled from 80 paired rounds at N = 100, where ours took 0.955 of the by-hand
 * recipe's time, 95 % interval 0.943–0.982).
 */
const STORM_ROUNDS = {
  clock: [
    [10, 15],
    [100, 9],
    [1000, 9],
  ],
  revoked: [
    [10, 201],
    [100, 41],
    [1000, 15],
  ],
} as const;
for (const kind of ['clock', 'revoked'] as const) {
  for (const [n, rounds] of STORM_ROUNDS[kind]) {
    if (wanted('storm', kind, String(n))) storm.push(...(await runStorm(CONTENDERS, kind, n, rounds)));
  }
}
step('storm, revoked, in memory');
const clientStorm: Awaited<ReturnType<typeof runClientStorm>> = [];
for (const n of [100, 1000]) if (wanted('client-storm', String(n))) clientStorm.push(...(await runClientStorm(CONTENDERS, n, 9)));
const late = wanted('late') ? (step('late expired answers'), await runLateExpired(CONTENDERS, 10, 3)) : [];
const steady = wanted('steady') ? (step('steady overhead'), await runSteady(CONTENDERS, 1_000, 10, OURS)) : [];
const clientCost = wanted('client-cost') ? (step('client-only cost (in-memory fetch)'), await runClientCost(CONTENDERS, 5_000, 5)) : [];
const day = wanted('day') ? (step('a day of traffic'), await runDay(CONTENDERS)) : [];
const renders = wanted('renders') ? (step('re-renders'), await runRenders(20)) : [];
const farm = wanted('farm') ? (step('farm'), await runFarm()) : [];
// The events' row and the guarantees' prices beside the other bundle rows: the same minimal app, with and without each.
// `bundle:ids` alone: the minimal app sending ids against sending text (issue 49).
const bundle = [
  ...(wanted('bundle', 'apps') ? (step('bundle'), [...(await runBundle()), ...(await eventsCost()), ...(await guaranteeCosts())]) : []),
  ...(wanted('bundle', 'ids') ? (step('bundle: ids against text'), await documentIdsCost()) : []),
];
const serverParts = SERVER_PARTS.filter((part) => wanted('server', part));
const server = serverParts.length > 0 ? (step('server: proxy and token handler against their floors'), await runServer(serverParts)) : { load: [], memory: [] };
const tenants = wanted('tenants') ? (step('many keys behind one proxy'), await runTenants()) : undefined;
const subscriptions = wanted('subscriptions', 'events') ? (step('subscription events/s'), await runSubscriptions()) : undefined;
// `subscriptions:renewals:ws` runs one transport's row.
const renewalTransports = (['ws', 'sse'] as const).filter((transport) => wanted('subscriptions', 'renewals', transport));
const subscriptionRenewals =
  renewalTransports.length > 0 ? (step('subscriptions across renewals'), await runSubscriptionRenewals(renewalTransports)) : undefined;
const subscriptionMemory = wanted('subscriptions', 'memory') ? (step('memory of 1,000 subscriptions'), await runSubscriptionMemory()) : undefined;
const pages = wanted('pages') ? (step('allPages over 10,000 items'), await runAllPages()) : undefined;

const results: Results = {
  storm,
  clientStorm,
  late,
  steady,
  clientCost,
  day,
  bundle,
  renders,
  farm,
  server,
  ...(tenants === undefined ? {} : { tenants }),
  ...(subscriptions === undefined ? {} : { subscriptions }),
  ...(subscriptionRenewals === undefined ? {} : { subscriptionRenewals }),
  ...(subscriptionMemory === undefined ? {} : { subscriptionMemory }),
  ...(pages === undefined ? {} : { allPages: pages }),
  startedAt,
  seconds: (performance.now() - t0) / 1000,
  loadAtStart,
};
if (only.length > 0) {
  console.log(JSON.stringify(results, null, 2));
} else {
  // The raw figures too, so the tables can be re-rendered (npm run bench:report) without a new run.
  await writeFile(new URL('results.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
  const markdown = renderResults(results);
  await writeFile(new URL('RESULTS.md', import.meta.url), markdown);
  console.log(markdown);
}
