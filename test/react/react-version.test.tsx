import { createRequire } from 'node:module';
import { version as reactVersion } from 'react';
import { version as reactDomVersion } from 'react-dom';
import { describe, expect, it } from 'vitest';

// `npm run test:react18` sets EXPECTED_REACT_MAJOR=18; the main run is React 19.
const expectedMajor = process.env.EXPECTED_REACT_MAJOR ?? '19';
const major = (version: string) => version.split('.')[0];

describe('the React this run tests against', () => {
  it('is the expected major for our sources, for react-dom and for the dependencies Node loads', () => {
    expect(major(reactVersion)).toBe(expectedMajor);
    expect(reactDomVersion).toBe(reactVersion);
    // What React Query, zustand and Testing Library get when they require React themselves.
    const require = createRequire(import.meta.url);
    expect((require('react') as { version: string }).version).toBe(reactVersion);
    expect((require('react-dom') as { version: string }).version).toBe(reactVersion);
  });
});
