import { RegionKeys } from './api-keys.ts';

/** Region names, each answered at `https://{name}.mock-service.test`, or names mapped to base addresses. */
export type RegionsOption = readonly string[] | Readonly<Record<string, string>>;
/** The same keys in every region, or the keys each region accepts (a region left out accepts none). */
export type ApiKeysOption = readonly string[] | Readonly<Record<string, readonly string[]>>;

const REGION_NAME = /^[a-z0-9][a-z0-9-]*$/i;

const trimmed = (base: string) => base.replace(/\/+$/, '');

/** Region name → base address without a trailing slash. */
export function regionBaseUrls(option: RegionsOption = ['us']): Record<string, string> {
  const entries: Array<[string, string]> = Array.isArray(option)
    ? (option as readonly string[]).map((name) => [name, `https://${name}.mock-service.test`])
    : Object.entries(option);
  if (entries.length === 0) throw new TypeError('createMockService: regions must name at least one region');
  for (const [name, base] of entries) {
    if (!REGION_NAME.test(name)) throw new TypeError(`createMockService: region names are letters, digits and dashes, got "${name}"`);
    if (!URL.canParse(base)) throw new TypeError(`createMockService: region "${name}" needs an absolute base address, got "${base}"`);
  }
  return Object.fromEntries(entries.map(([name, base]) => [name, trimmed(base)]));
}

export function keysByRegion(option: ApiKeysOption, regions: readonly string[]): Map<string, RegionKeys> {
  if (!Array.isArray(option)) {
    const unknown = Object.keys(option).filter((name) => !regions.includes(name));
    if (unknown.length > 0) throw new TypeError(`createMockService: apiKeys names regions it does not serve: ${unknown.join(', ')}`);
  }
  const keysOf = (region: string): readonly string[] =>
    Array.isArray(option) ? (option as readonly string[]) : ((option as Readonly<Record<string, readonly string[]>>)[region] ?? []);
  return new Map(regions.map((region) => [region, new RegionKeys(keysOf(region))]));
}

/**
 * Which region a request is for, and its path below that region's base address. With one region,
 * every address is it, so the handler can be mounted anywhere.
 */
export function routeOf(url: URL, bases: Readonly<Record<string, string>>): { region: string; path: string } | null {
  for (const [region, base] of Object.entries(bases)) {
    const root = new URL(base);
    const prefix = root.pathname === '/' ? '' : root.pathname;
    if (url.origin === root.origin && (prefix === '' || url.pathname === prefix || url.pathname.startsWith(`${prefix}/`))) {
      return { region, path: url.pathname.slice(prefix.length) || '/' };
    }
  }
  const names = Object.keys(bases);
  return names.length === 1 && names[0] !== undefined ? { region: names[0], path: url.pathname } : null;
}
