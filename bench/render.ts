import { readFile, writeFile } from 'node:fs/promises';
import { renderResults, type Results } from './report.js';

// Re-renders RESULTS.md from the figures of the last `npm run bench` (bench/results.json).
const raw = JSON.parse(await readFile(new URL('results.json', import.meta.url), 'utf8')) as Results & { startedAt: string };
const markdown = renderResults({ ...raw, startedAt: new Date(raw.startedAt) });
await writeFile(new URL('RESULTS.md', import.meta.url), markdown);
console.log(markdown);
