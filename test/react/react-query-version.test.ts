import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface Manifest {
  version: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
}
const manifest = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Manifest;
const root = manifest('../../package.json');

// `npm run test:react-query-lowest` sets EXPECTED_REACT_QUERY to the peer range's floor; the main run is the devDependency.
const expected = process.env.EXPECTED_REACT_QUERY ?? root.devDependencies['@tanstack/react-query'];

/** A package's version, found the way our sources' imports are (through a run's resolve plugin, if any). */
async function loadedVersion(name: string): Promise<string> {
  const id = `${name}/package.json`;
  const { default: loaded } = (await import(/* @vite-ignore */ id)) as { default: Manifest };
  return loaded.version;
}

describe('the React Query this run tests against', () => {
  it('is the expected version, for our sources and for the query-core under it', async () => {
    expect(await loadedVersion('@tanstack/react-query')).toBe(expected);
    expect(await loadedVersion('@tanstack/query-core')).toBe(expected);
  });

  it("the lowest run's install (test/react-query-lowest) is the peer range's floor", () => {
    const floor = /^\^(\d+\.\d+\.\d+)$/.exec(root.peerDependencies['@tanstack/react-query'] ?? '')?.[1];
    expect(floor).toBeDefined();
    expect(manifest('../react-query-lowest/package.json').dependencies['@tanstack/react-query']).toBe(floor);
  });
});
