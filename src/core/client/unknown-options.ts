/**
 * Options the library does not know are ignored, which in JavaScript hides a typo: a misspelled
 * `regions` sends the key to the default auth URL. In development each unknown name is reported once.
 */

/** The names an options object may hold, as a record so the compiler checks the list is complete. */
export type KnownOptions<T> = Readonly<Record<keyof T, true>>;

const reported = new Set<string>();

// Bundlers replace `process.env.NODE_ENV`; without one `process` may not exist at all, and nothing
// says production, so typos are still reported.
function isProduction(): boolean {
  try {
    return process.env.NODE_ENV === 'production';
  } catch {
    return false;
  }
}

/** Edits from one name to the other (insert, delete, replace, swap two neighbours). */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number) => rows[i]?.[j] ?? Infinity;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      (rows[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}

const MAX_SUGGESTION_DISTANCE = 2;

function nearest(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const d = distance(lower, candidate.toLowerCase());
    if (d <= MAX_SUGGESTION_DISTANCE && (best === undefined || d < best.distance)) best = { name: candidate, distance: d };
  }
  return best?.name;
}

/** console.warn, once per name and place, for each option `known` does not hold; nothing in production. */
export function warnUnknownOptions(where: string, given: object, known: Readonly<Record<string, true>>): void {
  if (isProduction()) return;
  for (const name of Object.keys(given)) {
    if (Object.hasOwn(known, name) || reported.has(`${where}\0${name}`)) continue;
    reported.add(`${where}\0${name}`);
    const suggestion = nearest(name, Object.keys(known));
    const hint = suggestion === undefined ? '' : ` Did you mean "${suggestion}"?`;
    console.warn(`graphql-jwt-auth-react: ${where} ignores the option "${name}", which it does not know.${hint}`);
  }
}
