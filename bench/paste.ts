import { readFile, writeFile } from 'node:fs/promises';
import { pasteTables } from './paste-tables.js';

// Pastes the tables of README.md and docs/reliability.md again from bench/RESULTS.md (after a whole run).
const results = await readFile(new URL('RESULTS.md', import.meta.url), 'utf8');
let unmatched = 0;
for (const file of ['README.md', 'docs/reliability.md']) {
  const url = new URL(`../${file}`, import.meta.url);
  const pasted = pasteTables(await readFile(url, 'utf8'), results);
  await writeFile(url, pasted.text);
  for (const row of pasted.unmatched) console.error(`${file}: not in the run, left as it was: ${row}`);
  unmatched += pasted.unmatched.length;
}
process.exitCode = unmatched === 0 ? 0 : 1;
