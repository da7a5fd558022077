import type { BrowserContext, Request, Response } from 'playwright-core';

/** One request the browser made, with what came back, as far as the page could have seen it. */
export interface Exchange {
  /** The tab that made it, e.g. 'bff' (set by `label`). */
  tab: string;
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: string;
  status: number | null;
  responseHeaders: Record<string, string>;
  responseBody: string;
}

/**
 * Records every request of every tab of a context, and every response with its body: HTML, RSC
 * payloads, scripts, JSON. Bodies are read as text (everything this app serves is text).
 */
export class TrafficRecorder {
  readonly exchanges: Exchange[] = [];
  readonly #pending = new Set<Promise<void>>();
  readonly #tabs = new WeakMap<object, string>();

  constructor(context: BrowserContext) {
    const record = (request: Request) => {
      this.#track(this.#record(request));
    };
    context.on('requestfinished', record);
    context.on('requestfailed', record);
  }

  /** Names a tab so its exchanges can be told apart. */
  label(page: object, tab: string): void {
    this.#tabs.set(page, tab);
  }

  /** Waits until every finished request's body has been read. */
  async settle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  #track(work: Promise<void>): void {
    this.#pending.add(work);
    void work.finally(() => this.#pending.delete(work));
  }

  async #record(request: Request): Promise<void> {
    const response: Response | null = await request.response().catch(() => null);
    const page = request.frame().page();
    this.exchanges.push({
      tab: this.#tabs.get(page) ?? 'unlabelled',
      method: request.method(),
      url: request.url(),
      requestHeaders: await request.allHeaders(),
      requestBody: request.postData() ?? '',
      status: response?.status() ?? null,
      responseHeaders: response ? await response.allHeaders() : {},
      // Redirects and aborted loads have no body to read.
      responseBody: response ? await response.text().catch(() => '') : '',
    });
  }
}

/** Everything of an exchange a page or an XSS in it could read, as one string to search. */
export function exchangeText(exchange: Exchange): string {
  return [
    exchange.url,
    JSON.stringify(exchange.requestHeaders),
    exchange.requestBody,
    JSON.stringify(exchange.responseHeaders),
    exchange.responseBody,
  ].join('\n');
}
