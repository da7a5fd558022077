import { type AuthClient, type AuthClientOptions, createAuthClient, graphqlProxy, tabSync, tokenEndpoint } from '../../../src/core/index.ts';

/**
 * A page of an app using the core client, driven from the Chromium tests through `window.harness`.
 * The service runs on another origin (another port), so the browser applies CORS as in production.
 */
const PentestsQuery = 'query Pentests($page_size: Int) { pentests_page(page_input: { page_size: $page_size }) { pentests { op_id name state } } }';

/**
 * What a test may set: plain data, as it crosses from Node into the page (the tab channel's name for
 * tabSync, the URL for tokenEndpoint or graphqlProxy).
 */
export type HarnessOptions = Pick<AuthClientOptions, 'apiKey' | 'regions' | 'authTimeoutMs'> & {
  region: string;
  tabSync?: string;
  tokenEndpoint?: string;
  graphqlProxy?: string;
};

let client: AuthClient | null = null;
let clockOffsetMs = 0;
/** The control URL of a freeze armed for the next `/v1/auth` call, and how the last freeze ended. */
let freezeAt: string | null = null;
let freezeEnded: 'thawed' | 'gave up' | null = null;
/** A freeze that nobody thaws ends by itself, so a failing test does not leave a page stuck for good. */
const LONGEST_FREEZE_MS = 40_000;

/**
 * Blocks this page's main thread, as a page the browser froze or a long task does: synchronous
 * requests to the test's control URL, until it answers "thawed". No task of the page runs meanwhile.
 */
function freeze(controlUrl: string): void {
  const giveUpAt = Date.now() + LONGEST_FREEZE_MS;
  for (;;) {
    const poll = new XMLHttpRequest();
    poll.open('GET', controlUrl, false);
    poll.send();
    if (poll.responseText === 'thawed') freezeEnded = 'thawed';
    else if (Date.now() >= giveUpAt) freezeEnded = 'gave up';
    else continue;
    return;
  }
}

/** The page's fetch: the client's own calls, with a freeze at the next `/v1/auth` call when armed. */
const pageFetch: typeof fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  if (freezeAt !== null && url.endsWith('/v1/auth')) {
    const controlUrl = freezeAt;
    freezeAt = null;
    freeze(controlUrl);
  }
  return fetch(input, init);
};

function current(): AuthClient {
  if (client === null) throw new Error('harness.start() first');
  return client;
}

const harness = {
  start({ tabSync: channel, tokenEndpoint: endpoint, graphqlProxy: proxy, ...options }: HarnessOptions): void {
    const shared = channel === undefined ? {} : { tabSync: tabSync(channel) };
    const backend = {
      ...(endpoint === undefined ? {} : { tokenEndpoint: tokenEndpoint(endpoint) }),
      ...(proxy === undefined ? {} : { graphqlProxy: graphqlProxy(proxy) }),
    };
    // The page asks for one mode at a time, which the spreads' types cannot follow.
    client = createAuthClient({ ...options, ...shared, ...backend, fetch: pageFetch, now: () => Date.now() + clockOffsetMs } as unknown as AuthClientOptions);
  },
  /** Moves this page's clock, as a sleeping laptop or a wrong system clock would. */
  setClockOffset(ms: number): void {
    clockOffsetMs = ms;
  },
  /** Freezes the page at its next `/v1/auth` call (inside the renewal, so holding the tab lock) until `controlUrl` says "thawed". */
  freezeAtNextAuth(controlUrl: string): void {
    freezeAt = controlUrl;
  },
  freezeEnded: () => freezeEnded,
  getToken: () => current().getToken(),
  refresh: () => current().refresh(),
  token: () => current().store.getState().token,
  signOut: () => {
    current().signOut();
  },
  /** Settles as data or as the error's name and message, so the test sees what the app would. */
  async query(): Promise<{ pentests: unknown[] } | { error: string }> {
    try {
      const data = await current().request<{ pentests_page: { pentests: unknown[] } }>(PentestsQuery, { page_size: 2 });
      return { pentests: data.pentests_page.pentests };
    } catch (error) {
      return { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
  },
};

declare global {
  interface Window {
    harness: typeof harness;
  }
}
window.harness = harness;
