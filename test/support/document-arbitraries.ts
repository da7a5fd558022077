import fc from 'fast-check';

/** GraphQL's ignored tokens, including the ones a naive scan trips on: comments with brackets and quotes, the BOM. */
const ignoredArb = fc.constantFrom(' ', '', '\n', '\t', ',', '\r\n', '\uFEFF', ' # a } comment " with ( brackets\n', '#\r');
/** Joins pieces as written: nothing between two words would make them one, so a space goes there. */
const joined = (pieces: string[]) => pieces.reduce((text, piece) => (/\w$/.test(text) && /^\w/.test(piece) ? `${text} ${piece}` : text + piece), '');
const gap = (...parts: fc.Arbitrary<string>[]) => fc.tuple(...parts.flatMap((part) => [ignoredArb, part])).map(joined);
const optional = (part: fc.Arbitrary<string>) => fc.option(part, { nil: '' });

const KEYWORDS = ['query', 'mutation', 'subscription', 'fragment', 'on', 'true', 'null', 'type'] as const;
const nameArb = fc.oneof(fc.stringMatching(/^[_A-Za-z][_0-9A-Za-z]{0,5}$/), fc.constantFrom(...KEYWORDS));
/** Strings holding what would end or open a definition, were they not strings. */
const stringArb = fc.constantFrom(
  '""',
  '"a { b"',
  '"} query X {"',
  '"# not a comment"',
  String.raw`"esc \" } \\"`,
  '""""""',
  '"""block { " "" \\""" }\n query Y { """',
);
const numberArb = fc.constantFrom('0', '-12', '1.5', '3e10', '-0.25E-3');

/** A value; a default value is constant, so it names no variable. */
function valueOf(withVariables: boolean): fc.Arbitrary<string> {
  const variableArb = nameArb.filter((name) => name !== 'true' && name !== 'null').map((name) => `$${name}`);
  return fc.letrec<{ value: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      numberArb,
      stringArb,
      withVariables ? variableArb : numberArb,
      nameArb,
      fc.array(tie('value'), { maxLength: 2 }).map((items) => `[${items.join(' ')}]`),
      fc.array(gap(nameArb, fc.constant(':'), tie('value')), { maxLength: 2 }).map((fields) => `{${fields.join(' ')}}`),
    ),
  })).value;
}
const valueArb = valueOf(true);

const argumentsArb = fc.array(gap(nameArb, fc.constant(':'), valueArb), { minLength: 1, maxLength: 2 }).map((args) => `(${args.join(',')})`);
const directivesArb = fc
  .array(
    gap(
      nameArb.map((name) => `@${name}`),
      optional(argumentsArb),
    ),
    { maxLength: 2 },
  )
  .map((all) => all.join(' '));

const selectionSetArb: fc.Arbitrary<string> = fc.letrec<{ set: string }>((tie) => {
  const field = gap(optional(nameArb.map((alias) => `${alias}:`)), nameArb, optional(argumentsArb), directivesArb, optional(tie('set')));
  const spread = nameArb.filter((name) => name !== 'on').map((name) => `...${name}`);
  const inline = gap(fc.constant('... on'), nameArb, directivesArb, tie('set'));
  const selection = fc.oneof({ depthSize: 'small', withCrossShrink: true }, field, spread, inline);
  return { set: fc.array(selection, { minLength: 1, maxLength: 3 }).map((selections) => `{${selections.join(' ')}}`) };
}).set;

const typeArb = gap(nameArb, optional(fc.constant('!'))).chain((type) => fc.constantFrom(type, `[${type}]`, `[${type}]!`));
const variablesArb = fc
  .array(
    gap(
      nameArb.map((name) => `$${name}`),
      fc.constant(':'),
      typeArb,
      optional(gap(fc.constant('='), valueOf(false))),
    ),
    { minLength: 1, maxLength: 2 },
  )
  .map((definitions) => `(${definitions.join(' ')})`);

/** A description, which graphql 16.11 and later take on operations and fragments that have a keyword. */
const descriptionArb = optional(stringArb);
const operationArb = fc.oneof(
  selectionSetArb,
  gap(descriptionArb, fc.constantFrom('query', 'mutation', 'subscription'), optional(nameArb), optional(variablesArb), directivesArb, selectionSetArb),
);
const fragmentArb = gap(
  descriptionArb,
  fc.constant('fragment'),
  nameArb.filter((name) => name !== 'on'),
  fc.constant('on'),
  nameArb,
  directivesArb,
  selectionSetArb,
);

/** Executable documents as people write them: operations and fragments, with every kind of ignored token between. */
export const executableDocumentArb = fc
  .array(fc.oneof(operationArb, operationArb, fragmentArb), { minLength: 1, maxLength: 3 })
  .chain((definitions) => gap(...definitions.map((definition) => fc.constant(definition))));

/** A document damaged the ways text gets damaged: cut short, a character lost, one added. */
export const damagedDocumentArb = fc
  .tuple(
    executableDocumentArb,
    fc.nat(),
    fc.constantFrom('cut', 'drop', 'add'),
    fc.constantFrom('{', '}', '(', ')', '"', '#', '\n', '@', '$', ':', 'x', '?', 'é', '\u00a0', '"""'),
  )
  .map(([document, position, damage, character]) => {
    const at = position % (document.length + 1);
    if (damage === 'cut') return document.slice(0, at);
    if (damage === 'drop') return document.slice(0, at) + document.slice(at + 1);
    return document.slice(0, at) + character + document.slice(at);
  });
