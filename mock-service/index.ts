/**
 * The repository's demo data: a pentest platform shaped on its public CLI (see README.md), served by
 * the testing entry's mock service (src/testing) in the stories, the tests, the benchmarks and
 * `npm run mock-service`.
 */
export { pentestDemo, pentestTopic, type PentestDemo } from './pentest/demo.ts';
export { PENTEST_SDL, pentestSchema } from './pentest/schema.ts';
export { createPentestStore, DEFAULT_PENTEST_COUNT, type PentestStore, type PentestStoreOptions } from './pentest/store.ts';
export type * from './pentest/types.ts';
