// Where the scan is at the top level of the document.
const AT_DEFINITION = 0;
const AFTER_KEYWORD = 1;
const IN_DEFINITION = 2;
/** After a description, which only a named definition may have (graphql 16.11 takes them on operations). */
const DESCRIBED = 3;

// What an ASCII character starts (or, for names, continues); 0 for characters outside GraphQL's grammar.
const IGNORED = 1;
const COMMENT = 2;
const STRING = 3;
const NAME = 4;
const DIGIT = 5;
const OPENER = 6;
const CLOSER = 7;
/** Punctuators besides brackets (and digits: a number is one token per digit here, which is enough). */
const OTHER = 8;

const code = (character: string) => character.charCodeAt(0);
const KIND_OF = new Uint8Array(128);
const kinds: ReadonlyArray<readonly [string, number]> = [
  // White space, line terminators and commas: text GraphQL ignores (as it does the byte order mark).
  [' \t\n\r,', IGNORED],
  ['#', COMMENT],
  ['"', STRING],
  ['_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', NAME],
  ['0123456789', DIGIT],
  ['{([', OPENER],
  ['})]', CLOSER],
  ['-+.!$&:=@|', OTHER],
];
for (const [characters, kind] of kinds) for (const character of characters) KIND_OF[code(character)] = kind;
const BYTE_ORDER_MARK = 0xfeff;
const LINE_FEED = code('\n');
const CARRIAGE_RETURN = code('\r');
const QUOTE = code('"');
const BACKSLASH = code('\\');
const CLOSE_BRACE = code('}');
/** Each closer's opener. */
const OPENER_OF = new Uint8Array(128);
for (const pair of ['{}', '()', '[]']) OPENER_OF[code(pair.charAt(1))] = code(pair);
const OPERATION_KEYWORDS = new Set(['query', 'mutation', 'subscription']);
const LONGEST_KEYWORD = 'subscription'.length;

const kindOf = (at: number) => (at === BYTE_ORDER_MARK ? IGNORED : (KIND_OF[at] ?? 0));
const isLineEnd = (at: number) => at === LINE_FEED || at === CARRIAGE_RETURN;

/** What a scan found, and the characters it looked at to find it (a test holds them to the text's length). */
export interface OperationNameScan {
  name: string | undefined;
  steps: number;
}

/**
 * The name graphql-request sends with a query string: its one operation's, when it holds exactly one.
 * Found by scanning the text rather than with graphql's parser, which an app that sends strings
 * would otherwise ship for this name alone (about 7 kB min+gzip).
 *
 * The same name as graphql-request's for every text graphql parses that holds operations and
 * fragments (and for type definitions that have a body). Text graphql cannot parse because it is
 * unbalanced, unterminated, unfinished or holds a stray character gets no name, as graphql-request
 * sends none for it; other unparsable text may get one, which changes nothing: a service
 * refuses the document before it reads the name.
 */
export function operationNameOf(text: string): string | undefined {
  return scanOperationName(text).name;
}

/**
 * The scan itself, internal: the proxy runs it on any client's text, so it looks at each character
 * at most twice and keeps the open brackets on a stack (the closers owed, kept as a string copied per
 * bracket, made a 560 kB query of nested parentheses take 204 s).
 */
export function scanOperationName(text: string): OperationNameScan {
  const scan = { index: 0, steps: 0 };
  let operations = 0;
  let name: string | undefined;
  // Inside brackets the state is always IN_DEFINITION: only the top level decides.
  let state = AT_DEFINITION;
  /** The brackets still open, innermost last. */
  const open: number[] = [];
  const none = (): OperationNameScan => ({ name: undefined, steps: scan.steps });
  while (scan.index < text.length) {
    scan.steps++;
    const start = scan.index;
    const at = text.charCodeAt(start);
    const kind = kindOf(at);
    scan.index++;
    if (kind === IGNORED) continue;
    if (kind === COMMENT) {
      passWhile(text, scan, (next) => !isLineEnd(next));
      continue;
    }
    if (kind === NAME) passWhile(text, scan, (next) => kindOf(next) === NAME || kindOf(next) === DIGIT);
    // Text that ends a string first does not parse.
    if (kind === STRING && !passString(text, scan)) return none();
    // A character outside GraphQL's grammar ends the scan: the text does not parse.
    if (kind === 0) return none();
    if (kind === OPENER) {
      // A selection set where a definition starts is an anonymous query (and takes no description):
      // the text gets no name, whatever follows.
      if (state === AT_DEFINITION || state === DESCRIBED) return none();
      state = IN_DEFINITION;
      open.push(at);
    } else if (kind === CLOSER) {
      if (open.pop() !== OPENER_OF[at]) return none();
      // A definition ends with the selection set (or body) it opened at its top level.
      if (open.length === 0 && at === CLOSE_BRACE) state = AT_DEFINITION;
    } else if (state === AT_DEFINITION && kind === STRING) {
      state = DESCRIBED;
    } else if (state === AT_DEFINITION || state === DESCRIBED) {
      if (kind !== NAME) return none();
      // Only a short word can be a keyword: a long one is not copied to find out.
      const isOperation = scan.index - start <= LONGEST_KEYWORD && OPERATION_KEYWORDS.has(text.slice(start, scan.index));
      if (isOperation) operations += 1;
      state = isOperation ? AFTER_KEYWORD : IN_DEFINITION;
    } else if (state === AFTER_KEYWORD) {
      // The name, or undefined when `(`, `@` or `{` comes first; only the text's one operation's counts.
      name = kind === NAME ? text.slice(start, scan.index) : undefined;
      state = IN_DEFINITION;
    }
  }
  // Text that stops inside a definition (or a bracket) does not parse.
  return { name: state === AT_DEFINITION && operations === 1 ? name : undefined, steps: scan.steps };
}

interface Scan {
  index: number;
  steps: number;
}

/** Moves past the characters that `belongs` takes, one step each. */
function passWhile(text: string, scan: Scan, belongs: (at: number) => boolean): void {
  while (scan.index < text.length) {
    scan.steps++;
    if (!belongs(text.charCodeAt(scan.index))) return;
    scan.index++;
  }
}

/**
 * Moves past the rest of a string whose first quote was passed; false when the text ends it first
 * (the end of the text, or a line break in a plain string). A block string's `\"""` does not end it.
 */
function passString(text: string, scan: Scan): boolean {
  const block = text.startsWith('""', scan.index);
  if (block) scan.index += 2;
  while (scan.index < text.length) {
    scan.steps++;
    const at = text.charCodeAt(scan.index);
    if (block) {
      if (text.startsWith('"""', scan.index)) {
        scan.index += 3;
        return true;
      }
      scan.index += text.startsWith('\\"""', scan.index) ? 4 : 1;
    } else if (at === QUOTE) {
      scan.index++;
      return true;
    } else if (isLineEnd(at) || (at === BACKSLASH && isLineEnd(text.charCodeAt(scan.index + 1)))) {
      return false;
    } else {
      scan.index += at === BACKSLASH ? 2 : 1;
    }
  }
  return false;
}
