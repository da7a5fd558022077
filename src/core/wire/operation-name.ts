/**
 * Ignored text (white space, commas, comments), then one token: a string, a name, an opening or
 * closing bracket, or anything else GraphQL allows. Text that is none of these (an unterminated
 * string, a character outside GraphQL's grammar) matches nothing and ends the scan.
 */
const TOKEN = /(?:[ \t\n\r,\uFEFF]|#[^\n\r]*)*(?:("""(?:\\"""|[^])*?"""|"(?:\\.|[^"\\\n\r])*")|([_A-Za-z]\w*)|([{([])|([})\]])|([-+.!$&:=@|\d]))?/y;
const OPENERS = '{([';
const CLOSERS = '})]';
const OPERATION_KEYWORDS = ['query', 'mutation', 'subscription'];

// Where the scan is at the top level of the document.
const AT_DEFINITION = 0;
const AFTER_KEYWORD = 1;
const IN_DEFINITION = 2;
/** After a description, which only a named definition may have (graphql 16.11 takes them on operations). */
const DESCRIBED = 3;

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
  let operations = 0;
  let name: string | undefined;
  // Inside brackets the state is always IN_DEFINITION: only the top level decides.
  let state = AT_DEFINITION;
  /** The closers still owed, innermost last. */
  let open = '';
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    // Never null, as every part of TOKEN is optional: an empty match is text it does not know.
    const [matched = '', string, word, opener, closer, other] = TOKEN.exec(text) ?? [];
    if (matched === '') return undefined;
    // Only ignored text, at the end (or before a character that ends the scan next).
    if ((string ?? word ?? opener ?? closer ?? other) === undefined) continue;
    if (opener !== undefined) {
      // A selection set where a definition starts is an anonymous query (and takes no description):
      // the text gets no name, whatever follows.
      if (state === AT_DEFINITION || state === DESCRIBED) return undefined;
      state = IN_DEFINITION;
      open += CLOSERS.charAt(OPENERS.indexOf(opener));
    } else if (closer !== undefined) {
      if (!open.endsWith(closer)) return undefined;
      open = open.slice(0, -1);
      // A definition ends with the selection set (or body) it opened at its top level.
      if (open === '' && closer === '}') state = AT_DEFINITION;
    } else if (state === AT_DEFINITION && string !== undefined) {
      state = DESCRIBED;
    } else if (state === AT_DEFINITION || state === DESCRIBED) {
      if (word === undefined) return undefined;
      const isOperation = OPERATION_KEYWORDS.includes(word);
      if (isOperation) operations += 1;
      state = isOperation ? AFTER_KEYWORD : IN_DEFINITION;
    } else if (state === AFTER_KEYWORD) {
      // The name, or undefined when `(`, `@` or `{` comes first; only the text's one operation's counts.
      name = word;
      state = IN_DEFINITION;
    }
  }
  // Text that stops inside a definition (or a bracket) does not parse.
  return state === AT_DEFINITION && operations === 1 ? name : undefined;
}
