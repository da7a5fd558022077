/** Longer client text is cut: a log line is for a person to read, and a body may hold megabytes. */
const MAX_PRINTED = 200;

/**
 * Client text (a path, a method, an operation name) as it may go into a terminal line: control
 * characters (C0 with CR, LF and ESC, DEL, C1) and the backslash written as `\xHH`, so a request can
 * neither forge a log line nor send the terminal an escape sequence, and what is printed reads back
 * unambiguously; past MAX_PRINTED characters, cut with the count left out.
 */
export function printable(text: string): string {
  const shown = text.length > MAX_PRINTED ? text.slice(0, MAX_PRINTED) : text;
  // eslint-disable-next-line no-control-regex -- control characters are what this escapes
  const escaped = shown.replace(/[\u0000-\u001f\u007f-\u009f\\]/g, (char) => `\\x${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return text.length > MAX_PRINTED ? `${escaped}… (${String(text.length - MAX_PRINTED)} more characters)` : escaped;
}
