import { readCappedText } from './read-capped.js';

/** The body did not fit the limit. */
export class BodyTooLarge extends Error {
  override name = 'BodyTooLarge';
}

/** The body nests arrays and objects deeper than the limit. */
export class JsonTooDeep extends Error {
  override name = 'JsonTooDeep';
}

export const DEFAULT_MAX_JSON_DEPTH = 64;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether the JSON text opens more than `maxDepth` arrays and objects at once, found by one pass that
 * stops at the first bracket too deep. JSON.parse has no depth limit, and a body of half a million
 * nested arrays costs it most of a second of the event loop; no JSON library on the registry checks
 * depth before building values, and this pass is the whole of what is needed (brackets in strings skipped).
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth++;
      if (depth > maxDepth) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

const encoder = new TextEncoder();

/** Whether `text` takes more than `maxBytes` in UTF-8, where each UTF-16 unit takes one to three bytes. */
function exceedsBytes(text: string, maxBytes: number): boolean {
  if (text.length > maxBytes) return true;
  if (text.length * 3 <= maxBytes) return false;
  return encoder.encode(text).byteLength > maxBytes;
}

/**
 * Reads at most `maxBytes` of the body and parses it as JSON; undefined when it is not JSON. A body
 * with a Content-Length within the limit is read whole through `text()`: the HTTP framing holds it to
 * that length, and adapters answer it from their own buffer (on @hono/node-server the stream path
 * builds a web Request and a ReadableStream per request, about half of a token answer's time, and
 * `arrayBuffer()` copies the buffer once more). A body without one (chunked) is counted while it
 * streams, so it cannot make the server buffer more than the limit either.
 */
export async function readJson(request: Request, maxBytes: number, maxDepth = DEFAULT_MAX_JSON_DEPTH): Promise<unknown> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) throw new BodyTooLarge();
  const text = declared !== null && /^\d+$/.test(declared) ? await request.text() : await readCappedText(request.body, maxBytes, () => new BodyTooLarge());
  // A Request built in process (fetchInProcess) is not held to its header by any framing.
  if (exceedsBytes(text, maxBytes)) throw new BodyTooLarge();
  if (nestsDeeperThan(text, maxDepth)) throw new JsonTooDeep();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
