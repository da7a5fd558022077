// One decoder for every body, each decoded whole once it is in: a decoder per body holds a native
// converter until the next collection.
const decoder = new TextDecoder();

/**
 * Reads a stream whole as UTF-8 text but never more than `maxBytes` of it: past that it is cancelled
 * and `tooLarge()` thrown, so a peer cannot make the server buffer more than the limit.
 */
export async function readCappedText(stream: ReadableStream<Uint8Array> | null, maxBytes: number, tooLarge: () => Error): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (stream !== null) {
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return decoder.decode(bytes);
}

/**
 * Reads a request's or an answer's body whole as text, never more than `maxBytes` of it. A body with
 * a Content-Length within the limit, not encoded, is read through `text()`: the HTTP framing holds it
 * to that length, and the runtime reads it without a web stream step per chunk (on the proxy's
 * answers the streamed read was the most of what its process held over the bare pass-through's). An
 * encoded body is counted as it decodes: its Content-Length says nothing of the decoded size.
 */
export function readCappedBody(message: Request | Response, maxBytes: number, tooLarge: () => Error): Promise<string> {
  const { headers } = message;
  const declared = headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) return Promise.reject(tooLarge());
  const framed = declared !== null && /^\d+$/.test(declared) && (headers.get('content-encoding') ?? 'identity') === 'identity';
  // The runtime's own promise, not one an async function wraps around it: a wrapper costs a token
  // answer two more turns of the microtask queue.
  return framed ? message.text() : readCappedText(message.body, maxBytes, tooLarge);
}
