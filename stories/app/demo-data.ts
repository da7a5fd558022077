import { createPentestStore } from '../../mock-service/index.ts';
import { pentestLine } from './PentestList.tsx';

/** The rows a region's first page shows, from the same seeded data the story's service serves. */
export function firstPentestLines(region: string, count = 5): string[] {
  return createPentestStore(region).pentests.slice(0, count).map(pentestLine);
}

/** The newest running pentest of a region: the one the stories pause. */
export function firstRunningPentest(region = 'us') {
  const pentest = createPentestStore(region).pentests.find((candidate) => candidate.state === 'running');
  if (pentest === undefined) throw new Error(`No running pentest in the ${region} demo data`);
  return pentest;
}

/** The row a region's newest pentest shows. */
export function firstPentestLine(region: string): string {
  const [line] = firstPentestLines(region, 1);
  if (line === undefined) throw new Error(`No pentest in the ${region} demo data`);
  return line;
}
