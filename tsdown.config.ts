import { defineConfig } from 'tsdown';

// One entry per audience: the root (React, "use client"), /core (no React, for Node and server code) and
// /query (React Query options and keys for prefetching on a server), /server (the token endpoint and
// GraphQL proxy handlers, no React), /devtools (the auth panel, development only, and its /production twin), /native (what a React Native
// app passes in where the web has a page).
// package.json "exports" lists the same.
export default defineConfig({
  // The testing entry is its own: the root never reaches it, and msw stays its optional peer.
  entry: {
    index: 'src/index.ts',
    core: 'src/core/index.ts',
    query: 'src/query/index.ts',
    server: 'src/server/index.ts',
    testing: 'src/testing/index.ts',
    devtools: 'src/devtools/index.ts',
    'devtools-production': 'src/devtools/production.ts',
    redis: 'src/redis/index.ts',
    cloudflare: 'src/cloudflare/index.ts',
    native: 'src/native/index.ts',
    'graphql-jwt-auth-mock': 'src/bin/graphql-jwt-auth-mock.ts',
  },
  format: 'esm',
  platform: 'neutral',
  dts: true,
  sourcemap: true,
  clean: true,
  inputOptions: {
    // Rolldown keeps the directives of entry modules (rolldown.rs/in-depth/directives): the root's
    // "use client" stays the first line of dist/index.js, which test/package checks.
    onLog(level, log, handler) {
      if (log.code === 'MODULE_LEVEL_DIRECTIVE' && /src\/(index|devtools\/(index|production))\.ts$/.test(log.id ?? '')) return;
      handler(level, log);
    },
  },
});
