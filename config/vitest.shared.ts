import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, type Plugin, type ViteUserConfig } from 'vitest/config';

// What every vitest config of this repository shares: the package's entries resolved to the sources,
// and the settings of the main suite. The configs differ in which files they run and how.

/**
 * The repository: every config's root, so that its globs and setup files name paths from there
 * whichever folder the config lives in and wherever vitest is started.
 */
export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const source = (path: string) => resolve(ROOT, path);

/**
 * Our sources and tests, which vite transforms, resolve the `packages` from the install whose
 * package.json is `anchor` (test/react18, test/react-query-lowest: packages of their own, so the root
 * keeps the current versions): the React 18 run and the lowest-React-Query run share it.
 */
export function resolveFromInstall(name: string, packages: RegExp, anchor: string): Plugin {
  const anchorFile = source(anchor);
  return {
    name,
    enforce: 'pre',
    resolveId(id, _importer, options) {
      return packages.test(id) ? this.resolve(id, anchorFile, { ...options, skipSelf: true }) : null;
    },
  };
}

/**
 * Files that need a process of their own, not only a VM context or a shared worker: the reliability
 * suites and two React files count every live timer of the process (test/support/live-timers.ts), where
 * a client another file left would be counted too, and the reliability suites read its unhandled
 * rejections; the stories and the testing entry run MSW (it patches the process's fetch); the examples
 * run GraphQL Code Generator (it loads its presets with Node's own require); the devtools' production
 * test reads the process's NODE_ENV, which a file run before it may have left changed; the telemetry
 * tests register OpenTelemetry's global tracer and meter, where a file run before them in a shared
 * worker still recorded (a handler's late exchange: 4 exchange spans for 2 calls under stress-ng).
 */
export const OWN_PROCESS = [
  'test/reliability/**/*.test.{ts,tsx}',
  'test/react/lifecycle.test.tsx',
  'test/react/server-render.test.tsx',
  'test/stories/**/*.test.tsx',
  'test/testing/testing-entry.test.ts',
  'test/examples/**/*.test.{ts,tsx}',
  'test/devtools/auth-devtools-production.test.tsx',
  'test/telemetry/**/*.test.ts',
];

/**
 * expect.poll's own bound, 1 s by default, is a bound like testTimeout: a subscription's first
 * connection (a dynamic import, a WebSocket, graphql-ws's handshake) took past it under load. Every
 * config uses it.
 */
export const POLL_BOUND = { poll: { timeout: 15_000 } };

export const shared = {
  root: ROOT,
  // Examples import the package's entries by name, as users write them; the tests run them on the sources.
  resolve: {
    alias: [
      { find: /^graphql-jwt-auth-react$/, replacement: source('./src/index.ts') },
      { find: /^graphql-jwt-auth-react\/core$/, replacement: source('./src/core/index.ts') },
      { find: /^graphql-jwt-auth-react\/query$/, replacement: source('./src/query/index.ts') },
      { find: /^graphql-jwt-auth-react\/server$/, replacement: source('./src/server/index.ts') },
      { find: /^graphql-jwt-auth-react\/redis$/, replacement: source('./src/redis/index.ts') },
      { find: /^graphql-jwt-auth-react\/cloudflare$/, replacement: source('./src/cloudflare/index.ts') },
      { find: /^graphql-jwt-auth-react\/testing$/, replacement: source('./src/testing/index.ts') },
      { find: /^graphql-jwt-auth-react\/native$/, replacement: source('./src/native/index.ts') },
      { find: /^graphql-jwt-auth-react\/devtools$/, replacement: source('./src/devtools/index.ts') },
      { find: /^graphql-jwt-auth-react\/devtools\/production$/, replacement: source('./src/devtools/production.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    // The runtimes run in their own job (npm run test:runtimes): they need the built dist/ and the
    // runtimes installed in test/runtimes, and spawn processes of their own.
    exclude: [...configDefaults.exclude, 'test/runtimes/**', 'test/react-native/**'],
    setupFiles: ['test/support/setup.ts'],
    // jsdom's fetch is Node's own (undici): no CORS, real sockets to the 127.0.0.1 mock service.
    environment: 'jsdom',
    // Vitest's own output, then each failure again at the end of stdout, where a CI log's tail shows it.
    reporters: ['default', './config/failures-last-reporter.ts'],
    // Bounds, not waits (a test ends at its events): at load 11-13 on 2 cores a dependency-cruiser pass
    // and a fast-check run each took past 15 s, though a quiet machine takes 4-11 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    expect: POLL_BOUND,
    // The machines have 2 cores; the suites are I/O bound and share nothing.
    pool: 'forks',
    // Most of a test's time is spent waiting (real HTTP, child processes, redis-server, timers), so two
    // files per core keep the cores busy: vitest's default, one fewer worker than cores, is one worker
    // here and left both cores mostly idle (225 s quiet against 105 s with four).
    maxWorkers: Math.max(2, availableParallelism() * 2),
  },
} satisfies ViteUserConfig;
