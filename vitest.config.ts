import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  // Examples import the package's entries by name, as users write them; the tests run them on the sources.
  resolve: {
    alias: [
      { find: /^graphql-jwt-auth-react$/, replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)) },
      { find: /^graphql-jwt-auth-react\/core$/, replacement: fileURLToPath(new URL('./src/core/index.ts', import.meta.url)) },
      { find: /^graphql-jwt-auth-react\/query$/, replacement: fileURLToPath(new URL('./src/query/index.ts', import.meta.url)) },
      { find: /^graphql-jwt-auth-react\/server$/, replacement: fileURLToPath(new URL('./src/server/index.ts', import.meta.url)) },
      { find: /^graphql-jwt-auth-react\/redis$/, replacement: fileURLToPath(new URL('./src/redis/index.ts', import.meta.url)) },
      { find: /^graphql-jwt-auth-react\/cloudflare$/, replacement: fileURLToPath(new URL('./src/cloudflare/index.ts', import.meta.url)) },
      { find: /^graphql-jwt-auth-react\/testing$/, replacement: fileURLToPath(new URL('./src/testing/index.ts', import.meta.url)) },
    ],
  },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    // The runtimes run in their own job (npm run test:runtimes): they need the built dist/ and the
    // runtimes installed in test/runtimes, and spawn processes of their own.
    exclude: [...configDefaults.exclude, 'test/runtimes/**'],
    setupFiles: ['test/support/setup.ts'],
    // jsdom's fetch is Node's own (undici): no CORS, real sockets to the 127.0.0.1 mock service.
    environment: 'jsdom',
    testTimeout: 15_000,
    hookTimeout: 15_000,
    // The machines have 2 cores; the suites are I/O bound and share nothing.
    pool: 'forks',
  },
});
