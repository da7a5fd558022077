/** What a credentials resolver answered, checked: it is JavaScript's to get wrong. */
export class InvalidCredentials extends Error {
  override name = 'InvalidCredentials';
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The resolver's answer as `{ apiKey, region }` (only those two), or null; anything else throws. */
export function credentialsOf(value: unknown): { apiKey: string; region: string } | null {
  if (value === null) return null;
  const { apiKey, region } = (typeof value === 'object' ? value : {}) as { apiKey?: unknown; region?: unknown };
  if (!isText(apiKey) || !isText(region)) throw new InvalidCredentials('credentials must answer { apiKey, region } (two non-empty strings) or null');
  return { apiKey, region };
}
