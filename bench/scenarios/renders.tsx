import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { GraphQLClient } from 'graphql-request';
import { JSDOM } from 'jsdom';
import { createContext, Profiler, type ReactNode, useContext, useEffect, useState } from 'react';
import { AuthProvider, useAuthClient, useGraphQLQuery } from '../../src/index.js';
import { fetchToken, graphqlUrl } from '../contenders/contender.js';
import { PentestsDocument } from '../support/documents.js';
import { BENCH_API_KEY, type BenchService, startBenchService } from '../support/service.js';
import { until } from '../support/stats.js';

export interface RendersRow {
  contender: string;
  components: number;
  /** Renders of the data components caused by one token refresh (React Profiler commits). */
  renders: number;
  /** GraphQL sends the refresh caused. */
  refetches: number;
}

interface Mounted {
  /** Renews the token the way the recipe does; resolves once the new token is in use. */
  refresh: () => Promise<void>;
}

type Setup = (bench: BenchService, rows: ReactNode, onMounted: (mounted: Mounted) => void) => ReactNode;

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

interface RowProps {
  first: number;
  bench: BenchService;
  onRender: () => void;
}

/**
 * The Profiler sits inside each row: under React 19's lazy context propagation, a Profiler above a
 * component that re-renders only because of a context change is not told (its onRender stays
 * silent), which would hide exactly the renders this scenario counts.
 */
function Shown({ first, items, onRender }: { first: number; items: number | undefined; onRender: () => void }) {
  return (
    <Profiler id={`row-${first}`} onRender={onRender}>
      <span data-row>{items ?? '…'}</span>
    </Profiler>
  );
}

function OursRow({ first, onRender }: RowProps) {
  const { data } = useGraphQLQuery(PentestsDocument, { page_num: first });
  return <Shown first={first} items={data?.pentests_page.pentests.length} onRender={onRender} />;
}

function OursHandle({ onMounted }: { onMounted: (mounted: Mounted) => void }) {
  const client = useAuthClient();
  useEffect(() => {
    onMounted({ refresh: () => client.refresh().then(() => undefined) });
  }, [client, onMounted]);
  return null;
}

const setupOurs: Setup = (bench, rows, onMounted) => (
  <QueryClientProvider client={new QueryClient()}>
    <AuthProvider apiKey={BENCH_API_KEY} region="bench" regions={{ bench: bench.baseUrl }}>
      <OursHandle onMounted={onMounted} />
      {rows}
    </AuthProvider>
  </QueryClientProvider>
);

/** The by-hand recipe: the token lives in React state and reaches the queries through context. */
const TokenContext = createContext<string | null>(null);

function TokenProvider({ bench, onMounted, children }: { bench: BenchService; onMounted: (m: Mounted) => void; children: ReactNode }) {
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    void fetchToken(bench.baseUrl, BENCH_API_KEY).then(setToken);
    onMounted({ refresh: () => fetchToken(bench.baseUrl, BENCH_API_KEY).then(setToken) });
  }, [bench, onMounted]);
  return <TokenContext value={token}>{token === null ? null : children}</TokenContext>;
}

const graphqlClients = new WeakMap<BenchService, GraphQLClient>();
function graphqlClient(bench: BenchService): GraphQLClient {
  let client = graphqlClients.get(bench);
  if (client === undefined) graphqlClients.set(bench, (client = new GraphQLClient(graphqlUrl(bench.baseUrl))));
  return client;
}

function ByHandRow({ first, bench, onRender }: RowProps) {
  const token = useContext(TokenContext);
  const { data } = useQuery({
    queryKey: ['pentests', first],
    queryFn: () => graphqlClient(bench).request(PentestsDocument, { page_num: first }, { authorization: `Bearer ${token ?? ''}` }),
  });
  return <Shown first={first} items={data?.pentests_page.pentests.length} onRender={onRender} />;
}

const setupByHand: Setup = (bench, rows, onMounted) => (
  <QueryClientProvider client={new QueryClient()}>
    <TokenProvider bench={bench} onMounted={onMounted}>
      {rows}
    </TokenProvider>
  </QueryClientProvider>
);

const CONTENDERS: ReadonlyArray<{ name: string; setup: Setup; Row: (props: RowProps) => ReactNode }> = [
  { name: 'graphql-jwt-auth-react', setup: setupOurs, Row: OursRow },
  { name: 'by hand (graphql-request + React Query)', setup: setupByHand, Row: ByHandRow },
];

/** Waits until React has been quiet (no commits) for `quietMs`, within a bounded time. */
async function settle(commits: () => number, quietMs = 100): Promise<void> {
  let last = -1;
  for (let i = 0; i < 100 && commits() !== last; i++) {
    last = commits();
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}

/**
 * 20 components show query data under React's Profiler; the token is refreshed; their renders are
 * counted. Runs in jsdom with React's profiling build, so the numbers are a production app's.
 */
export async function runRenders(components = 20): Promise<RendersRow[]> {
  const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://127.0.0.1/' });
  Object.assign(globalThis, { window: dom.window, document: dom.window.document });
  // react-dom reads the DOM globals when it loads, so it is imported only now.
  const { createRoot } = await import('react-dom/profiling');
  const results: RendersRow[] = [];
  try {
    for (const { name, setup, Row } of CONTENDERS) {
      const bench = await startBenchService();
      let commits = 0;
      let mounted: Mounted | null = null;
      const onRender = () => (commits += 1);
      const rows = range(components).map((first) => <Row key={first} first={first} bench={bench} onRender={onRender} />);
      const container = dom.window.document.createElement('div');
      dom.window.document.body.append(container);
      const root = createRoot(container);
      try {
        root.render(setup(bench, rows, (m) => (mounted = m)));
        const loaded = () => [...container.querySelectorAll('[data-row]')].every((el) => el.textContent !== '…');
        await until(() => mounted !== null && container.querySelectorAll('[data-row]').length === components && loaded(), `${name} to load`);
        await settle(() => commits);
        const rendersBefore = commits;
        const sendsBefore = bench.service.graphqlCalls.length;
        const authBefore = bench.service.authCalls.length;
        await (mounted as Mounted | null)?.refresh();
        await settle(() => commits);
        if (bench.service.authCalls.length !== authBefore + 1) throw new Error(`${name}: the refresh made no auth call`);
        results.push({
          contender: name,
          components,
          renders: commits - rendersBefore,
          refetches: bench.service.graphqlCalls.length - sendsBefore,
        });
      } finally {
        root.unmount();
        container.remove();
        await bench.close();
      }
    }
  } finally {
    dom.window.close();
  }
  return results;
}
