import fc from 'fast-check';
import { craftJwt, craftJwtWithPayload } from './crafted-jwt.js';
import type { Scripted } from './scripted-server.js';

const HTML_PAGE = '<!doctype html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>';

export const statusArb = fc.oneof(fc.constantFrom(200, 201, 204, 400, 401, 403, 404, 408, 429, 500, 502, 503, 504), fc.integer({ min: 200, max: 599 }));

/** Any text a broken server or proxy might answer with. */
const junkBodyArb = fc.oneof(
  fc.constant(''),
  fc.constant(HTML_PAGE),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.json({ maxDepth: 3 }),
  fc.integer({ min: 100_000, max: 400_000 }).map((size) => JSON.stringify({ message: 'x'.repeat(size) })),
);

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** `exp` values: missing, garbage, past, just ahead, far future, absurd. */
const expArb = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom<unknown>(null, 'soon', '9999999999', true, {}, [], -1, 0, 1e308, -1e308, Number.MAX_SAFE_INTEGER),
  fc.integer({ min: 1, max: 10 * 365 * 86_400 }).map((ago) => nowSeconds() - ago),
  fc.integer({ min: 1, max: 7_200 }).map((ahead) => nowSeconds() + ahead),
  fc.double({ min: 0, max: 1e15, noNaN: true }),
);

const jwtArb = fc.oneof(
  fc
    .record({ exp: expArb, iat: fc.option(fc.integer({ min: 0, max: 2 ** 33 }), { nil: undefined }) })
    .map(({ exp, iat }) => craftJwt({ sub: 'fuzz', ...(exp === undefined ? {} : { exp }), ...(iat === undefined ? {} : { iat }) })),
  fc.string({ maxLength: 40 }).map(craftJwtWithPayload),
);

/** Values of `token`: a crafted JWT, any string (spaces, control and non-Latin-1 characters), or not a string. */
const tokenValueArb = fc.oneof(
  { weight: 3, arbitrary: jwtArb },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 0, maxLength: 60 }) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', 'undefined', 'null', 'a b', 'tok\n', 'tök', 'tok€n') },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string()), fc.object({ maxDepth: 1 })) },
);

/** What a POST /v1/auth might answer, the documented shape and far from it. */
export function authAnswerArb(apiKey: string): fc.Arbitrary<Scripted> {
  const body = fc.oneof(
    { weight: 3, arbitrary: tokenValueArb.map((token) => JSON.stringify({ token })) },
    { weight: 1, arbitrary: fc.record({ token: tokenValueArb, extra: fc.jsonValue({ maxDepth: 2 }) }).map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: junkBodyArb },
    // A server that echoes the key somewhere in a long message: error text must never carry it.
    {
      weight: 2,
      arbitrary: fc
        .record({ before: fc.nat({ max: 400 }), after: fc.nat({ max: 50 }), field: fc.constantFrom('message', 'error', null) })
        .map(({ before, after, field }) => {
          const text = `${'x'.repeat(before)}${apiKey}${'y'.repeat(after)}`;
          return field === null ? text : JSON.stringify({ [field]: text });
        }),
    },
  );
  return fc.oneof(
    { weight: 12, arbitrary: fc.record({ status: statusArb, body, contentType: fc.constantFrom('application/json', 'text/html') }) },
    { weight: 1, arbitrary: fc.constant<Scripted>('reset') },
  );
}

const casingArb = (text: string) => fc.constantFrom(text, text.toLowerCase(), text.toUpperCase(), `${text}.`, ` ${text}`);

/** A gateway's "no" in its known forms and near misses: other casing, other field, extra fields, with data. */
const gatewayBodyArb = fc
  .record({
    text: fc.oneof(casingArb('The incoming token has expired'), casingArb('Unauthorized'), casingArb('Access Denied')),
    field: fc.constantFrom('message', 'Message', 'error'),
    extra: fc.option(fc.dictionary(fc.constantFrom('requestId', 'code', 'data', 'errors'), fc.jsonValue({ maxDepth: 1 })), {
      nil: undefined,
    }),
  })
  .map(({ text, field, extra }) => JSON.stringify({ ...extra, [field]: text }));

/** GraphQL results: full, partial data with errors, errors only, and malformed ones. */
const graphqlResultArb = fc.oneof(
  fc.constant('{"data":{"items":[{"id":"1","title":"a","region":"us"}]}}'),
  fc.constant('{"data":{"items":null},"errors":[{"message":"partial failure","path":["items"]}]}'),
  fc.constant('{"errors":[{"message":"Cannot query field"}]}'),
  fc.constantFrom('{"data":null}', '{"data":5}', '{"errors":[]}', '{"errors":"boom"}', '{}', '[]', '[{"data":{}}]', 'null'),
  fc.record({ data: fc.jsonValue({ maxDepth: 2 }), errors: fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }) }).map((v) => JSON.stringify(v)),
);

/** What /graphql might answer. */
export const graphqlAnswerArb: fc.Arbitrary<Scripted> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      status: statusArb,
      body: fc.oneof({ weight: 3, arbitrary: gatewayBodyArb }, { weight: 3, arbitrary: graphqlResultArb }, { weight: 2, arbitrary: junkBodyArb }),
      contentType: fc.constantFrom('application/json', 'application/graphql-response+json', 'text/plain'),
    }),
  },
  { weight: 1, arbitrary: fc.constant<Scripted>('reset') },
);

/** An API key as portals issue them: long and random enough that no answer contains a piece of it by chance. */
export const apiKeyArb = fc.stringMatching(/^[A-Za-z0-9]{24,40}$/);
