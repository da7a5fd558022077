import { unusableConfig } from '../errors/error-message.js';

export interface RegionEndpoints {
  authUrl: string;
  graphqlUrl: string;
}

/** Region name → base address (expanded to `{base}/v1/auth` and `{base}/v1/graphql`) or explicit URLs. */
export type Regions = Record<string, string | RegionEndpoints>;

/** The public deployments of the service. Passing `regions` replaces this map rather than extending it. */
export const DEFAULT_REGIONS = {
  us: 'https://api.gateway.horizon3ai.com',
  eu: 'https://api.gateway.horizon3ai.eu',
} as const satisfies Regions;

export function endpointsForBase(base: string): RegionEndpoints {
  const root = base.replace(/\/+$/, '');
  return { authUrl: `${root}/v1/auth`, graphqlUrl: `${root}/v1/graphql` };
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** @throws AuthConfigError when the region is not in the map or its entry is malformed. */
export function resolveRegion(region: string, regions: Regions = DEFAULT_REGIONS): RegionEndpoints {
  // Object.hasOwn: a region named "toString" must not resolve through the prototype.
  const entry: unknown = Object.hasOwn(regions, region) ? regions[region] : undefined;
  if (isNonEmptyString(entry)) return endpointsForBase(entry);
  if (typeof entry === 'object' && entry !== null) {
    const { authUrl, graphqlUrl } = entry as Partial<RegionEndpoints>;
    if (isNonEmptyString(authUrl) && isNonEmptyString(graphqlUrl)) return { authUrl, graphqlUrl };
    throw unusableConfig('GJA_REGION_URLS', region);
  }
  const known = Object.keys(regions).join(', ') || '(none)';
  throw unusableConfig('GJA_UNKNOWN_REGION', region, known);
}

/** A region the client may ask for a token, with its endpoints. */
export interface RegionCandidate {
  region: string;
  endpoints: RegionEndpoints;
}
