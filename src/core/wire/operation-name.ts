// Where the scan is at the top level of the document.
const AT_DEFINITION = 0;
const AFTER_KEYWORD = 1;
const IN_DEFINITION = 2;
/** After a description, which only a named definition may have (graphql 16.11 takes them on operations). */
const DESCRIBED = 3;

// What a character is in GraphQL's grammar (ASCII, and the byte order mark GraphQL ignores with white space).
const IGNORED = ' \t\n\r,\ufeff';
const NAME_START = /[_A-Za-z]/;
/** The rest of a name, and of a comment: runs that `pass` moves over at once. */
const NAME_REST = /\w*/y;
const COMMENT_REST = /[^\n\r]*/y;
/** Punctuators, brackets and digits: a number is one token per digit here, which is enough. */
const PUNCTUATOR = '-+.!$&:=@|0123456789{}()[]';
const CLOSERS = ')]}';
const LINE_END = /[\n\r]/;
/** Each opener's closer. */
const CLOSER_OF: Readonly<Record<string, string>> = { '{': '}', '(': ')', '[': ']' };
const OPERATION_KEYWORD = /^(?:query|mutation|subscription)$/;
const LONGEST_KEYWORD = 'subscription'.length;

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
 * at most twice and keeps the closers owed on a stack (kept as a string copied per bracket, they made
 * a 560 kB query of nested parentheses take 204 s).
 */
export function scanOperationName(text: string): OperationNameScan {
  let index = 0;
  let steps = 0;
  let operations = 0;
  let name: string | undefined;
  // Inside brackets the state is always IN_DEFINITION: only the top level decides.
  let state = AT_DEFINITION;
  /** The closers owed, innermost last. */
  const owed: string[] = [];
  const none = (): OperationNameScan => ({ name: undefined, steps });
  /** Moves past the run `rest` takes: a step for each of its characters and for the one that ends it. */
  const pass = (rest: RegExp) => {
    rest.lastIndex = index;
    rest.test(text);
    steps += rest.lastIndex - index + (rest.lastIndex < text.length ? 1 : 0);
    index = rest.lastIndex;
  };
  /**
   * Moves past the rest of a string whose first quote was passed; false when the text ends it first
   * (the end of the text, or a line break in a plain string). A block string's `\"""` does not end it.
   */
  const passString = (): boolean => {
    const block = text.startsWith('""', index);
    if (block) index += 2;
    while (index < text.length) {
      steps++;
      if (block) {
        if (text.startsWith('"""', index)) {
          index += 3;
          return true;
        }
        index += text.startsWith('\\"""', index) ? 4 : 1;
        continue;
      }
      const at = text.charAt(index++);
      if (at === '"') return true;
      if (LINE_END.test(at) || (at === '\\' && LINE_END.test(text.charAt(index++)))) return false;
    }
    return false;
  };
  while (index < text.length) {
    steps++;
    const start = index;
    const at = text.charAt(index++);
    if (IGNORED.includes(at)) continue;
    if (at === '#') {
      pass(COMMENT_REST);
      continue;
    }
    const named = NAME_START.test(at);
    if (named) pass(NAME_REST);
    // Text that ends a string first does not parse, nor text with a character outside GraphQL's grammar.
    else if (at === '"' ? !passString() : !PUNCTUATOR.includes(at)) return none();
    const closer = CLOSER_OF[at];
    if (closer !== undefined) {
      // A selection set where a definition starts is an anonymous query (and takes no description):
      // the text gets no name, whatever follows.
      if (state === AT_DEFINITION || state === DESCRIBED) return none();
      state = IN_DEFINITION;
      owed.push(closer);
    } else if (CLOSERS.includes(at)) {
      if (owed.pop() !== at) return none();
      // A definition ends with the selection set (or body) it opened at its top level.
      if (owed.length === 0 && at === '}') state = AT_DEFINITION;
    } else if (state === AT_DEFINITION && at === '"') {
      state = DESCRIBED;
    } else if (state === AT_DEFINITION || state === DESCRIBED) {
      if (!named) return none();
      // Only a short word can be a keyword: a long one is not copied to find out.
      const isOperation = index - start <= LONGEST_KEYWORD && OPERATION_KEYWORD.test(text.slice(start, index));
      if (isOperation) operations += 1;
      state = isOperation ? AFTER_KEYWORD : IN_DEFINITION;
    } else if (state === AFTER_KEYWORD) {
      // The name, or undefined when `(`, `@` or `{` comes first; only the text's one operation's counts.
      name = named ? text.slice(start, index) : undefined;
      state = IN_DEFINITION;
    }
  }
  // Text that stops inside a definition (or a bracket) does not parse.
  return { name: state === AT_DEFINITION && operations === 1 ? name : undefined, steps };
}
