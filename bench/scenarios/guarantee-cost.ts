import type { Plugin } from 'vite';
import { type BundleRow, buildApp } from './bundle.js';
import { eventsCompiledOut } from './events-cost.js';
import { stubbedModules } from './stubbed-modules.js';

/**
 * What each guarantee the minimal app carries costs it, for issue 37's size target: the guarantee's
 * module replaced by the least code that still builds (the guarantee gone, the rest working), the app
 * built from the sources with and without it. Not a design: a price list, so that the target can be
 * weighed against what would have to go to meet it. A stub whose module lost an export fails the build.
 */
const PRICED: ReadonlyArray<{ guarantee: string; modules: Readonly<Record<string, string>>; plugin?: () => Plugin }> = [
  {
    guarantee: "a DocumentNode sent and keyed as graphql's print of it (@0no-co/graphql.web's printer)",
    modules: { '@0no-co/graphql.web/dist/graphql.web.mjs': 'export const print = (document) => String(document);' },
  },
  {
    guarantee: "a query string's operationName sent as graphql-request sends it, and named in events (the scan)",
    modules: {
      'src/core/wire/operation-name.ts':
        'export const operationNameOf = () => undefined;\nexport const scanOperationName = () => ({ name: undefined, steps: 0 });',
    },
  },
  {
    guarantee: 'an opt-in that is not what its factory gives refused as an AuthConfigError (the shape checks)',
    modules: {
      'src/core/client/opt-in-options.ts':
        'export const readOptIns = (options) => ({ options: Object.fromEntries(Object.entries(options).filter(([, value]) => value !== false && value != null)), error: null });',
    },
  },
  {
    guarantee: "an error answer's data, errors and extensions read as graphql-request's ClientError reads them",
    modules: {
      'src/core/wire/client-error.ts': `import { GraphQLResponseError } from '../errors/graphql-response-error.js';
export const clientError = (parsed, { ok, ...answer }, request, operationName) => new GraphQLResponseError({ ...parsed, ...answer }, request, operationName);`,
    },
  },
  { guarantee: 'client events (the events: row above)', modules: {}, plugin: eventsCompiledOut },
  {
    guarantee: "a token's expiry kept on our clock when the issuer's clock jumps (the issuer clock)",
    modules: {
      'src/core/session/issuer-clock.ts': `import { readTokenExpiry } from '../sources/token-expiry.js';
export const createIssuerClock = () => ({ expiryOf: (token, requestedAt) => readTokenExpiry(token, requestedAt).expiresAt });`,
    },
  },
  {
    guarantee: 'a Retry-After given as an HTTP date honoured (seconds alone kept)',
    modules: {
      'src/core/wire/retry-after.ts': `import { AuthServerError } from '../errors/index.js';
export const MAX_RETRY_AFTER_MS = 60_000;
export const readRetryAfter = (headers) => { const value = headers.get('retry-after') ?? ''; return /^\\d+$/.test(value) ? Number(value) * 1000 : undefined; };
export const throttledForMs = (error) => (error instanceof AuthServerError ? Math.min(error.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS) : 0);`,
    },
  },
  {
    guarantee: "a frozen or offline tab's token renewed when it wakes (visibilitychange, online)",
    modules: { 'src/core/browser/wake.ts': 'export const watchWake = () => () => {};' },
  },
  {
    guarantee: 'every option checked (a bad one an AuthConfigError), and the token-endpoint and proxy modes beside the API key',
    modules: {
      'src/core/client/config.ts': `import { DEFAULT_REGIONS, resolveRegion } from '../sources/regions.js';
import { watchWake } from '../browser/wake.js';
export const DEFAULT_REFRESH_MARGIN_MS = 60_000;
export const DEFAULT_AUTH_TIMEOUT_MS = 30_000;
export const AUTO_REGION = 'auto';
export const readConfig = ({ apiKey, region, regions = DEFAULT_REGIONS, refreshMarginMs = DEFAULT_REFRESH_MARGIN_MS, authTimeoutMs = DEFAULT_AUTH_TIMEOUT_MS }) => ({
  mode: { kind: 'apiKey', apiKey, discovery: null },
  candidates: [{ region, endpoints: resolveRegion(region, regions) }],
  marginMs: refreshMarginMs,
  authTimeoutMs,
  wake: { kind: 'page', watch: watchWake },
});`,
    },
  },
];

const pluginsOf = (priced: (typeof PRICED)[number]): Plugin[] => [stubbedModules(priced.modules), ...(priced.plugin === undefined ? [] : [priced.plugin()])];

/** One row per guarantee (the app with it, less the app without), then all of them at once. */
export async function guaranteeCosts(): Promise<BundleRow[]> {
  const sources = new URL('../../src/index.ts', import.meta.url).pathname;
  const whole = await buildApp('ours.tsx', sources);
  const rows: BundleRow[] = [];
  const price = async (what: string, plugins: Plugin[]) => {
    const without = await buildApp('ours.tsx', sources, plugins);
    rows.push({ what, minBytes: whole.minBytes - without.minBytes, gzipBytes: whole.gzipBytes - without.gzipBytes });
  };
  for (const priced of PRICED) await price(`price: ${priced.guarantee}`, pluginsOf(priced));
  await price(`price: the ${PRICED.length} above together (the minimal app without any of them)`, PRICED.flatMap(pluginsOf));
  return rows;
}
