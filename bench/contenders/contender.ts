import type { PentestsData } from '../support/documents.js';

/** One client wired the way its docs recommend, pointed at a bench service. */
export interface Contender {
  /** Runs `query Pentests($page_num)`; rejects if the data never arrives. */
  pentests(first: number): Promise<PentestsData>;
  dispose(): void;
}

export interface ContenderOptions {
  baseUrl: string;
  apiKey: string;
  /** The clock the contender reads for expiry decisions (fake in the day-of-traffic scenario). */
  now: () => number;
  /** Every request the contender makes, auth included (in memory in the client-only scenario). */
  fetch?: typeof fetch;
}

export interface ContenderKind {
  readonly name: string;
  create(options: ContenderOptions): Contender;
}

export const authUrl = (baseUrl: string) => `${baseUrl}/v1/auth`;
export const graphqlUrl = (baseUrl: string) => `${baseUrl}/v1/graphql`;

/** `POST /v1/auth` the way each recipe does it by hand (the service contract, nothing more). */
export async function fetchToken(baseUrl: string, apiKey: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  const response = await fetchImpl(authUrl(baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: apiKey }),
  });
  if (!response.ok) throw new Error(`auth failed: ${response.status}`);
  const { token } = (await response.json()) as { token: string };
  return token;
}

export function dataOrThrow(data: PentestsData | undefined, error: unknown): PentestsData {
  if (data === undefined) throw error instanceof Error ? error : new Error('no data');
  return data;
}

/** Reads `exp` (seconds) from a JWT without checking it, as the recipes that renew ahead of expiry do. */
export function jwtExpiryMs(token: string): number {
  const payload = token.split('.')[1] ?? '';
  const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp: number };
  return exp * 1000;
}

/** The token in a variable and one shared refresh in flight: what the hand-written recipes keep. */
export function tokenHolder(baseUrl: string, apiKey: string, fetchImpl: typeof fetch = fetch) {
  let token: string | null = null;
  let refreshing: Promise<string> | null = null;
  return {
    current: () => token,
    refresh: () =>
      (refreshing ??= fetchToken(baseUrl, apiKey, fetchImpl)
        .then((fresh) => (token = fresh))
        .finally(() => {
          refreshing = null;
        })),
  };
}
