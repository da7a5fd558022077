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

// Option names are ASCII: code units are letters.
const letters = (name: string) => Array.from(name).sort().join('');

/**
 * The known name a typo most likely meant: the same letters in another order or case (`regoins`,
 * `refreshMarginMS`), or one name the start of the other (`allowedOrigin`). Cheaper to ship than an
 * edit distance, and these are the typos a person makes in an option name.
 */
function nearest(name: string, known: readonly string[]): string | undefined {
  const given = name.toLowerCase();
  return known.find((candidate) => {
    const option = candidate.toLowerCase();
    return letters(option) === letters(given) || (Math.min(option.length, given.length) >= 4 && (option.startsWith(given) || given.startsWith(option)));
  });
}

/** console.warn, once per name and place, for each option `known` does not hold; nothing in production. */
export function warnUnknownOptions(where: string, given: object, known: Readonly<Record<string, true>>): void {
  if (isProduction()) return;
  for (const name of Object.keys(given)) {
    // Own entries alone say true: an inherited one (`constructor`, `__proto__`) is no option.
    if (known[name] === true || reported.has(`${where}\0${name}`)) continue;
    reported.add(`${where}\0${name}`);
    const suggestion = nearest(name, Object.keys(known));
    const hint = suggestion === undefined ? '' : ` Did you mean "${suggestion}"?`;
    console.warn(`graphql-jwt-auth-react: ${where} ignores the option "${name}", which it does not know.${hint}`);
  }
}
