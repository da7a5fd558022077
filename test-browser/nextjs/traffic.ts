import type { CDPSession, Page } from 'playwright-core';

/** One request a tab made, with the answer it got, as far as the page could have seen it. */
export interface Exchange {
  /** The tab that made it, e.g. 'bff'. */
  tab: string;
  method: string;
  url: string;
  /** As sent, cookies and `Sec-Fetch-*` included. */
  requestHeaders: Record<string, string>;
  requestBody: string;
  status: number | null;
  responseHeaders: Record<string, string>;
  responseBody: string;
  /** Why the body could not be read, when it could not. */
  unreadable: string | null;
  /** The tab dropped the request (navigated on) before its answer arrived: the page never saw it. */
  abandoned: boolean;
}

interface PausedResponse {
  requestId: string;
  networkId?: string;
  request: { url: string; method: string; headers: Record<string, string>; postData?: string };
  responseStatusCode?: number;
  responseErrorReason?: string;
  responseHeaders?: Array<{ name: string; value: string }>;
}

const BODY_TIMEOUT_MS = 5_000;

/**
 * The tab let go of a request we hold paused: it dropped it (the interception is gone) or it closed
 * (the session with it). Either way the page never got the answer, which is still held here.
 */
const tabLetGo = (error: unknown) => /Invalid InterceptionId|Target page, context or browser has been closed/.test(String(error));

const lowerCased = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/**
 * Records every request of the tabs it watches and every response body before the page gets it,
 * through the Chrome DevTools Protocol's Fetch domain paused at the response stage. Bodies read
 * after the fact (Playwright's response.text()) are gone once a page navigates on, and the RSC
 * payloads of a client-side navigation are exactly those.
 */
export class TrafficRecorder {
  readonly exchanges: Exchange[] = [];
  /** Responses being recorded, with their URL for the error when they do not finish. */
  readonly #pending = new Map<Promise<void>, string>();

  /** Call before the tab's first navigation, so nothing it loads goes unrecorded. */
  async watch(page: Page, tab: string): Promise<void> {
    const cdp = await page.context().newCDPSession(page);
    // The headers the network stack really sent (cookies, Sec-Fetch-*), by request id.
    const sentHeaders = new Map<string, Record<string, string>>();
    cdp.on('Network.requestWillBeSentExtraInfo', ({ requestId, headers }: { requestId: string; headers: Record<string, string> }) => {
      sentHeaders.set(requestId, lowerCased(headers));
    });
    // A paused answer whose request the tab drops (a prefetch when the tab navigates on) never
    // yields its body: the wait for it ends here.
    const dropped = new Map<string, () => void>();
    // Event streams being read as they come, by request id: their chunks, and the end of the stream.
    const streams = new Map<string, { chunks: Buffer[]; end: () => void }>();
    cdp.on('Network.loadingFailed', ({ requestId }: { requestId: string }) => {
      dropped.get(requestId)?.();
      streams.get(requestId)?.end();
    });
    cdp.on('Network.loadingFinished', ({ requestId }: { requestId: string }) => streams.get(requestId)?.end());
    // A closed tab tells no more: what its streams delivered until then is all it read.
    page.once('close', () => {
      for (const { end } of streams.values()) end();
    });
    cdp.on('Network.dataReceived', ({ requestId, data }: { requestId: string; data?: string }) => {
      if (data !== undefined) streams.get(requestId)?.chunks.push(Buffer.from(data, 'base64'));
    });
    /**
     * An event stream's body ends only when the stream does: held paused, the page would get no event
     * until then. So it is handed on at once and read as the page reads it, chunk by chunk, until the
     * stream ends (the server ends it, or the page drops it: either way the page read all of it).
     */
    const readEventStream = async (requestId: string, networkId: string): Promise<string> => {
      const chunks: Buffer[] = [];
      const ended = new Promise<void>((end) => streams.set(networkId, { chunks, end }));
      await cdp.send('Fetch.continueResponse', { requestId });
      const { bufferedData } = await cdp.send('Network.streamResourceContent', { requestId: networkId });
      chunks.unshift(Buffer.from(bufferedData, 'base64'));
      await ended;
      streams.delete(networkId);
      return Buffer.concat(chunks).toString('utf8');
    };
    cdp.on('Fetch.requestPaused', (event: PausedResponse) => {
      // A stream the tab drops (it navigates on) is not failed but paused once more, with no answer: its end.
      const stream = streams.get(event.networkId ?? event.requestId);
      if (stream !== undefined) {
        stream.end();
        void cdp.send('Fetch.continueResponse', { requestId: event.requestId }).catch(() => undefined);
        return;
      }
      const abandoned = new Promise<void>((resolve) => dropped.set(event.networkId ?? event.requestId, resolve));
      this.#track(this.#record(cdp, tab, event, sentHeaders, abandoned, readEventStream), `${tab}: ${event.request.method} ${event.request.url}`);
    });
    await cdp.send('Network.enable');
    await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Response' }] });
  }

  /** Waits until every paused response has been recorded and handed on; fails after `timeoutMs`. */
  async settle(timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.#pending.size > 0) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`Responses still being recorded after ${timeoutMs} ms:\n${[...this.#pending.values()].join('\n')}`);
      const timer = new Promise<void>((wake) => setTimeout(wake, Math.min(left, 250)));
      await Promise.race([Promise.all([...this.#pending.keys()]), timer]);
    }
  }

  #track(work: Promise<void>, label: string): void {
    this.#pending.set(work, label);
    void work.finally(() => this.#pending.delete(work));
  }

  async #record(
    cdp: CDPSession,
    tab: string,
    event: PausedResponse,
    sentHeaders: Map<string, Record<string, string>>,
    dropped: Promise<void>,
    readEventStream: (requestId: string, networkId: string) => Promise<string>,
  ): Promise<void> {
    const { requestId, networkId, request, responseStatusCode: status = null, responseErrorReason } = event;
    let responseBody = '';
    let unreadable: string | null = null;
    let abandoned = false;
    const redirect = status !== null && status >= 300 && status < 400;
    const responseHeaders = Object.fromEntries((event.responseHeaders ?? []).map(({ name, value }) => [name.toLowerCase(), value]));
    const eventStream = status === 200 && responseHeaders['content-type']?.startsWith('text/event-stream') === true;
    if (eventStream) {
      try {
        responseBody = await readEventStream(requestId, networkId ?? requestId);
      } catch (error) {
        if (tabLetGo(error)) abandoned = true;
        else unreadable = String(error);
      }
    } else if (responseErrorReason === undefined && !redirect) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => {
          resolve('timeout');
        }, BODY_TIMEOUT_MS);
      });
      try {
        const read = await Promise.race([cdp.send('Fetch.getResponseBody', { requestId }), dropped.then(() => 'dropped' as const), timeout]);
        if (read === 'dropped') abandoned = true;
        else if (read === 'timeout') ({ abandoned, unreadable } = await this.#stalled(cdp, requestId));
        else responseBody = read.base64Encoded ? Buffer.from(read.body, 'base64').toString('utf8') : read.body;
      } catch (error) {
        // We hold the answer paused, so only the tab dropping the request, or closing, can end the interception.
        if (tabLetGo(error)) abandoned = true;
        else unreadable = String(error);
      } finally {
        clearTimeout(timer);
      }
    }
    this.exchanges.push({
      tab,
      method: request.method,
      url: request.url,
      requestHeaders: { ...lowerCased(request.headers), ...(networkId === undefined ? {} : sentHeaders.get(networkId)) },
      requestBody: request.postData ?? '',
      status,
      responseHeaders,
      responseBody,
      unreadable,
      abandoned,
    });
    // The tab may have closed meanwhile; then there is no one left to hand the answer to. (An event stream was handed on already.)
    if (!eventStream) await cdp.send('Fetch.continueResponse', { requestId }).catch(() => undefined);
  }

  /**
   * A body that did not come: when the interception is gone, the tab dropped the request (Chromium
   * sends no loadingFailed for a request it holds paused) or closed; else the answer really never finished.
   */
  async #stalled(cdp: CDPSession, requestId: string): Promise<{ abandoned: boolean; unreadable: string | null }> {
    const gone = await cdp.send('Fetch.continueResponse', { requestId }).then(
      () => false,
      (error: unknown) => tabLetGo(error),
    );
    return gone ? { abandoned: true, unreadable: null } : { abandoned: false, unreadable: `no body after ${BODY_TIMEOUT_MS} ms` };
  }
}

/** Everything of an exchange a page or an XSS in it could read, as one string to search. */
export function exchangeText(exchange: Exchange): string {
  return [exchange.url, JSON.stringify(exchange.requestHeaders), exchange.requestBody, JSON.stringify(exchange.responseHeaders), exchange.responseBody].join(
    '\n',
  );
}
