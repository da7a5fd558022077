/** Client text the mock's log shows (a path, a method, an operation name) is cut past this: a body may hold megabytes. */
export const MAX_PRINTED = 200;

/**
 * Characters that are never printed as they are: C0 (with CR, LF and ESC), DEL, C1 (with CSI), the
 * backslash (so what is printed reads back unambiguously), the Unicode line and paragraph separators
 * (a line break to many log viewers) and the bidirectional overrides and isolates (which reorder what
 * a person reads after them).
 */
// eslint-disable-next-line no-control-regex -- control characters are what this escapes
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\\\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function escaped(char: string): string {
  const code = char.charCodeAt(0).toString(16).toUpperCase();
  return code.length <= 2 ? `\\x${code.padStart(2, '0')}` : `\\u${code}`;
}

/**
 * Text as it may go into a log or terminal line, the one rule for every line the package writes:
 * what `UNPRINTABLE` holds written as `\xHH` (or `\uHHHH`), so no value can forge a log line or send
 * the terminal an escape sequence; past `max` characters, cut with the count left out.
 */
export function printable(text: string, max = MAX_PRINTED): string {
  const shown = text.length > max ? text.slice(0, max) : text;
  const safe = shown.replace(UNPRINTABLE, escaped);
  return text.length > max ? `${safe}… (${String(text.length - max)} more characters)` : safe;
}
