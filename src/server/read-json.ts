import { readCappedBody } from './read-capped.js';

/** The body did not fit the limit. */
export class BodyTooLarge extends Error {
  override name = 'BodyTooLarge';
}

/** The body nests arrays and objects deeper than the limit. */
export class JsonTooDeep extends Error {
  override name = 'JsonTooDeep';
}

/** The body holds more values than the limit. */
export class JsonTooManyValues extends Error {
  override name = 'JsonTooManyValues';
}

export const DEFAULT_MAX_JSON_DEPTH = 64;
/**
 * A GraphQL request with a few hundred records of a dozen fields in its variables holds a few
 * thousand values. A 1 MiB body of small arrays holds about 350,000: JSON.parse took 20 to 50 ms over
 * them on a quiet machine and stalled another user 0.2 to 0.6 s on a busy one; 10,000 values, even
 * 10,000 distinct keys of one object (the costliest kind), took it at most 4 ms.
 */
export const DEFAULT_MAX_JSON_VALUES = 10_000;

export interface JsonLimits {
  maxDepth: number;
  maxValues: number;
}

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
/** JSON's white space: space, tab, line feed, carriage return. */
const isBlank = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;

/**
 * Throws JsonTooDeep when the JSON text opens more than `maxDepth` arrays and objects at once, and
 * JsonTooManyValues when it holds more than `maxValues` values (the whole, and every element and
 * member), found by one pass that stops at the first value over either limit. JSON.parse has no
 * limit: half a million nested arrays, or a megabyte of flat ones, cost it a large part of a second of
 * the event loop. No JSON library on the registry checks before building values, and this pass is the
 * whole of what is needed (brackets and commas in strings skipped).
 */
export function checkJsonShape(text: string, { maxDepth, maxValues }: JsonLimits): void {
  let depth = 0;
  // The whole; then each comma starts one more element or member, and so does the first one of a
  // non-empty array or object.
  let values = 1;
  let inString = false;
  /** Just inside an opened array or object: its first character besides white space tells whether it is empty. */
  let opened = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
      continue;
    }
    if (opened && !isBlank(code)) {
      opened = false;
      if (code !== CLOSE_BRACE && code !== CLOSE_BRACKET) values++;
    }
    if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth++;
      if (depth > maxDepth) throw new JsonTooDeep();
      opened = true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
    } else if (code === COMMA) {
      values++;
    }
    if (values > maxValues) throw new JsonTooManyValues();
  }
}

const encoder = new TextEncoder();
const tooLarge = () => new BodyTooLarge();

/** Whether `text` takes more than `maxBytes` in UTF-8, where each UTF-16 unit takes one to three bytes. */
function exceedsBytes(text: string, maxBytes: number): boolean {
  if (text.length > maxBytes) return true;
  if (text.length * 3 <= maxBytes) return false;
  return encoder.encode(text).byteLength > maxBytes;
}

/**
 * A reader of request bodies: each reads at most `maxBytes` of the body and parses it as JSON;
 * undefined when it is not JSON. A body with a Content-Length within the limit is read whole through
 * `text()`: the HTTP framing holds it to that length, and adapters answer it from their own buffer (on
 * @hono/node-server the stream path builds a web Request and a ReadableStream per request, about half
 * of a token answer's time, and `arrayBuffer()` copies the buffer once more). A body without one
 * (chunked) is counted while it streams, so it cannot make the server buffer more than the limit
 * either. Made once per handler, so a request costs no closure of its own.
 */
export function jsonReader(maxBytes: number, limits: JsonLimits): (request: Request) => Promise<unknown> {
  const parse = (text: string): unknown => {
    // A Request built in process (fetchInProcess) is not held to its header by any framing.
    if (exceedsBytes(text, maxBytes)) throw new BodyTooLarge();
    checkJsonShape(text, limits);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  };
  return (request) => readCappedBody(request, maxBytes, tooLarge).then(parse);
}
