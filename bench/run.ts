import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { CONTENDERS } from './contenders/index.js';
import { OURS, renderResults, type Results } from './report.js';
import { runBundle } from './scenarios/bundle.js';
import { eventsCost } from './scenarios/events-cost.js';
import { runDay } from './scenarios/day.js';
import { runFarm } from './scenarios/farm.js';
import { runLateExpired } from './scenarios/late-expired.js';
import { runRenders } from './scenarios/renders.js';
import { runServer } from './scenarios/server.js';
import { runClientCost } from './scenarios/client-cost.js';
import { runClientStorm } from './scenarios/client-storm.js';
import { runSteady } from './scenarios/steady.js';
import { runStorm, type StormRow } from './scenarios/storm.js';
import { runTenants } from './scenarios/tenants.js';

const startedAt = new Date();
const loadAtStart = loadavg()[0] ?? 0;
const t0 = performance.now();
const step = (name: string) => {
  console.error(`bench: ${name} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
};

step('storm');
const storm: StormRow[] = [];
for (const kind of ['clock', 'revoked'] as const) {
  storm.push(
    ...(await runStorm(CONTENDERS, kind, 10, 15)),
    // Three rounds at N = 1 000 left the median to one noisy round (1.13× to 2.03× across runs).
    ...(await runStorm(CONTENDERS, kind, 100, 9)),
    ...(await runStorm(CONTENDERS, kind, 1000, 9)),
  );
}
step('storm, revoked, in memory');
const clientStorm = [...(await runClientStorm(CONTENDERS, 100, 9)), ...(await runClientStorm(CONTENDERS, 1000, 9))];
step('late expired answers');
const late = await runLateExpired(CONTENDERS, 10, 3);
step('steady overhead');
const steady = await runSteady(CONTENDERS, 1_000, 10, OURS);
step('client-only cost (in-memory fetch)');
const clientCost = await runClientCost(CONTENDERS, 5_000, 5);
step('a day of traffic');
const day = await runDay(CONTENDERS);
step('re-renders');
const renders = await runRenders(20);
step('farm');
const farm = await runFarm();
step('bundle');
// The events' row beside the other bundle rows: the same minimal app, with and without them.
const bundle = [...(await runBundle()), ...(await eventsCost())];
step('server: proxy and token handler against their floors');
const server = await runServer();
step('many keys behind one proxy');
const tenants = await runTenants();

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
  tenants,
  startedAt,
  seconds: (performance.now() - t0) / 1000,
  loadAtStart,
};
// The raw figures too, so the tables can be re-rendered (npm run bench:report) without a new run.
await writeFile(new URL('results.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
const markdown = renderResults(results);
await writeFile(new URL('RESULTS.md', import.meta.url), markdown);
console.log(markdown);
