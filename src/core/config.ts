import { AuthConfigError } from './errors/index.js';
import { type RegionEndpoints, resolveRegion } from './regions.js';
import type { AuthClientOptions } from './types.js';

export const DEFAULT_REFRESH_MARGIN_MS = 60_000;
export const DEFAULT_AUTH_TIMEOUT_MS = 30_000;

export interface ClientConfig {
  apiKey: string;
  endpoints: RegionEndpoints;
  marginMs: number;
  authTimeoutMs: number;
}

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new AuthConfigError(`${name} must be a finite number ≥ 0, got ${String(value)}`);
  }
  return value;
}

/** @throws AuthConfigError; its message never contains the API key. */
export function readConfig(options: AuthClientOptions): ClientConfig {
  const { apiKey, region } = options;
  if (typeof apiKey !== 'string' || apiKey.trim() === '') {
    throw new AuthConfigError('apiKey must be a non-empty string');
  }
  if (typeof region !== 'string') throw new AuthConfigError('region must be a string');
  return {
    apiKey,
    endpoints: resolveRegion(region, options.regions),
    marginMs: nonNegative('refreshMarginMs', options.refreshMarginMs, DEFAULT_REFRESH_MARGIN_MS),
    authTimeoutMs: nonNegative('authTimeoutMs', options.authTimeoutMs, DEFAULT_AUTH_TIMEOUT_MS) || DEFAULT_AUTH_TIMEOUT_MS,
  };
}
