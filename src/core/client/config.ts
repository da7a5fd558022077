import { invalidOption } from './option-error.js';
import type { GraphQLProxyMode } from './proxy-client.js';
import type { AutoRegion } from '../sources/region-discovery.js';
import { DEFAULT_REGIONS, type RegionCandidate, type Regions, resolveRegion } from '../sources/regions.js';
import type { TokenEndpointMode } from '../sources/token-endpoint-source.js';
import type { ReadOptions } from './opt-in-options.js';
import { watchWake, type WakeWatcher } from '../browser/wake.js';

export const DEFAULT_REFRESH_MARGIN_MS = 60_000;
export const DEFAULT_AUTH_TIMEOUT_MS = 30_000;

/** The region name that asks the client to find the region that accepts the key. */
export const AUTO_REGION = 'auto';

/** Where tokens come from: the API key held here, the app's token endpoint, or none here at all. */
export type ClientMode = { kind: 'apiKey'; apiKey: string; discovery: AutoRegion | null } | TokenEndpointMode | GraphQLProxyMode;

export interface ClientConfig {
  mode: ClientMode;
  /**
   * The regions tokens may be used in, in order: with an API key, the one asked for (or every
   * configured one for "auto"); with a token endpoint, every one the app configured (none: the
   * endpoint says); behind a proxy, none.
   */
  candidates: readonly RegionCandidate[];
  marginMs: number;
  authTimeoutMs: number;
  /** What tells the client the app is back (renewOnWake); null when off. */
  wake: WakeWatcher | null;
}

/** The page's visibility and network events: the default, a no-op where there is no DOM. */
const PAGE_WAKE: WakeWatcher = { kind: 'page', watch: watchWake };

/** The longest delay setTimeout honours; above it, the timer fires at once. */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

function nonNegative(name: string, value: number | undefined, fallback: number, max?: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > (max ?? value)) {
    throw invalidOption('GJA_NUMBER', { name, max, got: String(value) });
  }
  return value;
}

function everyRegion(regions: Regions): RegionCandidate[] {
  return Object.keys(regions).map((name) => ({ region: name, endpoints: resolveRegion(name, regions) }));
}

function nonEmpty(name: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalidOption('GJA_STRING', { name });
  return value;
}

/** A mode option must come from its factory (`tokenEndpoint(url)`), which carries the mode's code. */
function modeOption<T extends TokenEndpointMode | GraphQLProxyMode>(kind: T['kind'], value: unknown): T {
  if ((value as { kind?: unknown } | null)?.kind !== kind) {
    throw invalidOption('GJA_MODE_FACTORY', { name: kind });
  }
  nonEmpty(kind, (value as T).url);
  return value as T;
}

/** The API key's regions: the one named, or with `autoRegion()` every configured one, in order. */
function apiKeyRegions(region: ReadOptions['region'], regions: Regions): { candidates: RegionCandidate[]; discovery: AutoRegion | null } {
  if ((region as { kind?: unknown } | null | undefined)?.kind === AUTO_REGION) {
    const candidates = everyRegion(regions);
    if (candidates.length === 0) throw invalidOption('GJA_AUTO_REGION_EMPTY');
    return { candidates, discovery: region as AutoRegion };
  }
  if (typeof region !== 'string') throw invalidOption('GJA_REGION_TYPE');
  // A map's own region named "auto" wins; otherwise "auto" asks for discovery, which is opt-in.
  if (region === AUTO_REGION && !Object.hasOwn(regions, AUTO_REGION)) {
    throw invalidOption('GJA_AUTO_REGION');
  }
  return { candidates: [{ region, endpoints: resolveRegion(region, regions) }], discovery: null };
}

const MODE_OPTIONS = ['apiKey', 'tokenEndpoint', 'graphqlProxy'] as const;

function readMode(options: ReadOptions): { mode: ClientMode; candidates: RegionCandidate[] } {
  const given = MODE_OPTIONS.filter((name) => options[name] !== undefined);
  if (given.length !== 1) {
    throw invalidOption('GJA_ONE_MODE', { given: given.join(', ') });
  }
  const { apiKey, tokenEndpoint, graphqlProxy, region, regions = DEFAULT_REGIONS } = options;
  // Typed as an object, but options may come from JSON or plain JavaScript.
  const regionMap: unknown = regions;
  if (typeof regionMap !== 'object' || regionMap === null) {
    throw invalidOption('GJA_REGIONS');
  }
  // An empty name is falsy wherever a region is read back (stored, shared, cached): refused here, once.
  if (Object.hasOwn(regionMap, '')) throw invalidOption('GJA_REGION_NAME');
  if (graphqlProxy !== undefined) return { mode: modeOption('graphqlProxy', graphqlProxy), candidates: [] };
  // The endpoint names the region of each token; any configured region may be named. Without
  // regions, the endpoint's answer says where its tokens go: the defaults are not a choice of the app's.
  if (tokenEndpoint !== undefined) {
    return { mode: modeOption('tokenEndpoint', tokenEndpoint), candidates: options.regions === undefined ? [] : everyRegion(regions) };
  }
  const key = nonEmpty('apiKey', apiKey);
  const { candidates, discovery } = apiKeyRegions(region, regions);
  return { mode: { kind: 'apiKey', apiKey: key, discovery }, candidates };
}

function readWake(value: ReadOptions['renewOnWake']): WakeWatcher | null {
  if (value === undefined || value === true) return PAGE_WAKE;
  if (value === false) return null;
  if (typeof (value as Partial<WakeWatcher> | null)?.watch !== 'function') {
    throw invalidOption('GJA_WAKE');
  }
  return value;
}

/** @throws AuthConfigError (option-error.ts); its facts never contain the API key. */
export function readConfig(options: ReadOptions): ClientConfig {
  return {
    ...readMode(options),
    marginMs: nonNegative('refreshMarginMs', options.refreshMarginMs, DEFAULT_REFRESH_MARGIN_MS),
    // A margin is never more than half the token's lifetime and its timer takes long waits in steps,
    // but the auth timeout is one setTimeout.
    authTimeoutMs: nonNegative('authTimeoutMs', options.authTimeoutMs, DEFAULT_AUTH_TIMEOUT_MS, MAX_TIMER_DELAY_MS) || DEFAULT_AUTH_TIMEOUT_MS,
    wake: readWake(options.renewOnWake),
  };
}
