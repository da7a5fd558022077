/**
 * The keys a region accepts, each numbered once, in the order it was configured or added: the number
 * names the key's account in the token (`sub`) and in the resolvers' context, so data can differ by
 * key without the key ever leaving the service. A removed key keeps its number (were the keys after it
 * renumbered, one tenant's tokens would name another's account), and gets it back if added again.
 */
export class RegionKeys {
  readonly #numbers = new Map<string, number>();
  readonly #accepted = new Set<string>();

  constructor(keys: Iterable<string>) {
    for (const key of keys) this.add(key);
  }

  add(key: string): void {
    if (!this.#numbers.has(key)) this.#numbers.set(key, this.#numbers.size + 1);
    this.#accepted.add(key);
  }

  remove(key: string): void {
    this.#accepted.delete(key);
  }

  /** The key's number while the region accepts it, else null. */
  numberOf(key: string): number | null {
    return this.#accepted.has(key) ? (this.#numbers.get(key) ?? null) : null;
  }
}

/** The token's `sub`: which region and which of its keys, never the key itself. */
export const subjectFor = (region: string, keyNumber: number): string => `user-${region}-${String(keyNumber)}`;

/**
 * The key number a `sub` of subjectFor() names. Only tokens signed with the region's secret reach
 * this, so the form is the mock's own; anything else counts as the first key.
 */
export function keyNumberOf(subject: string): number {
  const number = Number(/-(\d+)$/.exec(subject)?.[1]);
  return Number.isSafeInteger(number) && number > 0 ? number : 1;
}
