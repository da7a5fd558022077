import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { CONTENDERS } from './contenders/index.js';
import { renderResults } from './report.js';
import { runBundle } from './scenarios/bundle.js';
import { runDay } from './scenarios/day.js';
import { runLateExpired } from './scenarios/late-expired.js';
import { runRenders } from './scenarios/renders.js';
import { runSteady } from './scenarios/steady.js';
import { runStorm, type StormRow } from './scenarios/storm.js';

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
    ...(await runStorm(CONTENDERS, kind, 10, 7)),
    ...(await runStorm(CONTENDERS, kind, 100, 5)),
    ...(await runStorm(CONTENDERS, kind, 1000, 3)),
  );
}
step('late expired answers');
const late = await runLateExpired(CONTENDERS, 10, 3);
step('steady overhead');
const steady = await runSteady(CONTENDERS, 2_500, 4);
step('a day of traffic');
const day = await runDay(CONTENDERS);
step('re-renders');
const renders = await runRenders(20);
step('bundle');
const bundle = await runBundle();

const markdown = renderResults({
  storm,
  late,
  steady,
  day,
  bundle,
  renders,
  startedAt,
  seconds: (performance.now() - t0) / 1000,
  loadAtStart,
});
await writeFile(new URL('RESULTS.md', import.meta.url), markdown);
console.log(markdown);
