import { type AuthClient, type AuthClientOptions, createAuthClient, graphqlProxy, tabSync, tokenEndpoint } from '../../../src/core/index.ts';

/**
 * A page of an app using the core client, driven from the Chromium tests through `window.harness`.
 * The service runs on another origin (another port), so the browser applies CORS as in production.
 */
const PentestsQuery =
  'query Pentests($page_size: Int) { pentests_page(page_input: { page_size: $page_size }) { pentests { op_id name state } } }';

/**
 * What a test may set: plain data, as it crosses from Node into the page (the tab channel's name for
 * tabSync, the URL for tokenEndpoint or graphqlProxy).
 */
export type HarnessOptions = Pick<AuthClientOptions, 'apiKey' | 'regions'> & { region: string; tabSync?: string; tokenEndpoint?: string; graphqlProxy?: string };

let client: AuthClient | null = null;
let clockOffsetMs = 0;

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
    client = createAuthClient({ ...options, ...shared, ...backend, now: () => Date.now() + clockOffsetMs });
  },
  /** Moves this page's clock, as a sleeping laptop or a wrong system clock would. */
  setClockOffset(ms: number): void {
    clockOffsetMs = ms;
  },
  getToken: () => current().getToken(),
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
