/**
 * The server side against its floor (`npm run bench`): our handlers next to the least a server
 * could do in their place, each in its own Node process on the same adapter, driven by autocannon
 * at 50 connections, the mock service upstream in another process (the installed bin).
 */
import autocannon from 'autocannon';
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { redisCli, startRedis } from '../../test/farm/redis-server.js';
import { spawnListeningProcess } from '../../test/farm/spawn-farm-process.js';
import { idOf, PROXIED_QUERY } from '../support/operation-list.js';
import { median, rotated } from '../support/stats.js';

const SERVER = fileURLToPath(new URL('../server/server-process.ts', import.meta.url));
const MOCK_BIN = fileURLToPath(new URL('../../dist/graphql-jwt-auth-mock.js', import.meta.url));
const API_KEY = 'bench-key';
const CONNECTIONS = 50;
const SECONDS = 5;
const ROUNDS = 5;
const MEMORY_PROCESSES = [1, 2, 3] as const;
const QUERY = JSON.stringify({ query: PROXIED_QUERY, variables: { page_num: 1 } });
/** The same operation as a browser sending ids sends it (`graphqlProxy(url, { sendDocumentIds: true })`). */
const BY_ID = JSON.stringify({ documentId: idOf(PROXIED_QUERY), variables: { page_num: 1 }, operationName: 'Pentests' });

/**
 * `proxy-listed` is the proxy given 1,000 operations (`operations`), asked by the exact text, and
 * `proxy-listed-id` the same server asked by id (the body above); `proxy-unlisted` is `proxy` measured
 * in their rounds: the list's cost is theirs over it.
 */
export type ServerMode = 'proxy' | 'proxy-unlisted' | 'proxy-listed' | 'proxy-listed-id' | 'bare' | 'hono' | 'token' | 'token-floor';

/** The server process each mode runs (server-process.ts's MODE). */
const PROCESS_MODE: Partial<Record<ServerMode, string>> = { 'proxy-unlisted': 'proxy', 'proxy-listed-id': 'proxy-listed' };

export interface LoadRow {
  mode: ServerMode;
  processes: number;
  cache: 'in-process' | 'Redis';
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers other than 2xx, and socket errors or timeouts: each must be 0 for a row to count. */
  failures: number;
}

export interface MemoryRow {
  /** The proxy, or the bare pass-through as the control: what the runtime's own memory does under the same load. */
  server: 'proxy' | 'bare';
  openTelemetry: boolean;
  /**
   * True for the control run with V8's optimizing compilers off (`--max-opt=1`): how much of the growth
   * is left without their warm-up. Absent in results of earlier runs.
   */
  baselineCompilerOnly?: boolean;
  /**
   * Which of the processes measured in this setting (1, 2, 3): the proxy and the bare pass-through
   * without OpenTelemetry run three each, the targets take the median growth. Absent before issue 37.
   */
  process?: number;
  requests: number;
  rssBytes: number;
  heapBytes: number;
}

export interface ServerResults {
  load: LoadRow[];
  memory: MemoryRow[];
}

interface Upstream {
  baseUrl: string;
  token: string;
  stop: () => Promise<void>;
}

/** The mock service as a user runs it (`graphql-jwt-auth-mock`, the built bin), tokens good for the whole bench. */
async function startUpstream(): Promise<Upstream> {
  const child: ChildProcess = spawn(process.execPath, [MOCK_BIN, '--port', '0', '--region', 'bench', '--key', API_KEY, '--token-lifetime', '7200'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      reject(new Error(`mock service did not start: ${out}`));
    }, 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /POST (http:\/\/127\.0\.0\.1:\d+)\/v1\/auth/.exec(out);
      if (found?.[1] === undefined) return;
      clearTimeout(timer);
      resolve(found[1]);
    });
    child.once('exit', (code) => {
      reject(new Error(`mock service exited (${code}): ${out}`));
    });
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  try {
    const answer = await fetch(`${baseUrl}/v1/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: API_KEY }),
    });
    const { token } = (await answer.json()) as { token: string };
    return { baseUrl, token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

type Server = Awaited<ReturnType<typeof spawnListeningProcess>>;

function startServer(mode: ServerMode, upstream: Upstream, extra: Record<string, string> = {}, nodeOptions: readonly string[] = []): Promise<Server> {
  return spawnListeningProcess(
    SERVER,
    { MODE: PROCESS_MODE[mode] ?? mode, SERVICE_URL: upstream.baseUrl, API_KEY, TOKEN: upstream.token, REDIS_URL: '', ...extra },
    ['--expose-gc', ...nodeOptions],
  );
}

const bodyOf = (mode: ServerMode) => (mode === 'token' || mode === 'token-floor' ? '{}' : mode === 'proxy-listed-id' ? BY_ID : QUERY);

async function load(urls: readonly string[], mode: ServerMode, options: { seconds?: number; amount?: number } = {}) {
  const result = await autocannon({
    // autocannon spreads connections over several URLs round-robin; its types only name one.
    url: urls.map((url) => `${url}/`) as unknown as string,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: bodyOf(mode),
    connections: CONNECTIONS,
    ...(options.amount === undefined ? { duration: options.seconds ?? SECONDS } : { amount: options.amount }),
    timeout: 10,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** One server per mode, warmed (its token in hand, JIT warm), then measured in rotated order over rounds; medians. */
async function sideBySide(modes: readonly ServerMode[], upstream: Upstream): Promise<LoadRow[]> {
  const servers = new Map<ServerMode, Server>();
  try {
    for (const mode of modes) servers.set(mode, await startServer(mode, upstream));
    for (const [mode, server] of servers) await load([server.url], mode, { seconds: 2 });
    const runs = new Map<ServerMode, Array<Awaited<ReturnType<typeof load>>>>(modes.map((mode) => [mode, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of rotated(modes, round)) runs.get(mode)?.push(await load([(servers.get(mode) as Server).url], mode));
    }
    return modes.map((mode) => {
      const rounds = runs.get(mode) ?? [];
      return {
        mode,
        processes: 1,
        cache: 'in-process',
        requestsPerSecond: median(rounds.map((run) => run.requestsPerSecond)),
        p50Ms: median(rounds.map((run) => run.p50Ms)),
        p99Ms: median(rounds.map((run) => run.p99Ms)),
        failures: rounds.reduce((sum, run) => sum + run.failures, 0),
      };
    });
  } finally {
    await Promise.all([...servers.values()].map((server) => server.kill()));
  }
}

/** Four processes behind one load (connections spread round-robin), each alone or all on one Redis. */
async function farmOfFour(mode: 'proxy' | 'token', upstream: Upstream, redisUrl: string | null): Promise<LoadRow> {
  const farm = await Promise.all(Array.from({ length: 4 }, () => startServer(mode, upstream, { REDIS_URL: redisUrl ?? '' })));
  try {
    const urls = farm.map((server) => server.url);
    await load(urls, mode, { seconds: 2 });
    const run = await load(urls, mode);
    return { mode, processes: 4, cache: redisUrl === null ? 'in-process' : 'Redis', ...run };
  } finally {
    await Promise.all(farm.map((server) => server.kill()));
  }
}

async function memoryOf(server: Server): Promise<{ rss: number; heapUsed: number }> {
  return (await (await fetch(`${server.url}/__memory`)).json()) as { rss: number; heapUsed: number };
}

/**
 * RSS and heap (after a full collection) of one server after 10k and after 100k requests (the
 * target compares these two), and between, so that a table shows whether growth is warm-up or goes on.
 */
async function memoryOverTime(
  upstream: Upstream,
  mode: 'proxy' | 'bare',
  openTelemetry: boolean,
  baselineCompilerOnly = false,
  processNumber?: number,
): Promise<MemoryRow[]> {
  const server = await startServer(mode, upstream, { OTEL: openTelemetry ? '1' : '0' }, baselineCompilerOnly ? ['--max-opt=1'] : []);
  try {
    const rows: MemoryRow[] = [];
    let sent = 0;
    for (const until of [10_000, 40_000, 70_000, 100_000]) {
      const { failures } = await load([server.url], mode, { amount: until - sent });
      if (failures > 0) throw new Error(`${failures} proxied requests failed in the memory run`);
      sent = until;
      const memory = await memoryOf(server);
      rows.push({
        server: mode,
        openTelemetry,
        ...(baselineCompilerOnly ? { baselineCompilerOnly } : {}),
        ...(processNumber === undefined ? {} : { process: processNumber }),
        requests: sent,
        rssBytes: memory.rss,
        heapBytes: memory.heapUsed,
      });
    }
    return rows;
  } finally {
    await server.kill();
  }
}

/** The parts of the server bench, each runnable alone (`npm run bench -- server:token`). */
export const SERVER_PARTS = ['proxy', 'trusted', 'token', 'farm', 'memory', 'memory-controls'] as const;
export type ServerPart = (typeof SERVER_PARTS)[number];

export async function runServer(parts: readonly ServerPart[] = SERVER_PARTS): Promise<ServerResults> {
  const upstream = await startUpstream();
  const redis = await startRedis();
  try {
    const load: LoadRow[] = [];
    if (parts.includes('proxy')) load.push(...(await sideBySide(['proxy', 'bare', 'hono'], upstream)));
    // The list's cost: the proxy without one beside the proxy with 1,000 operations, asked by text and by id.
    if (parts.includes('trusted')) load.push(...(await sideBySide(['proxy-unlisted', 'proxy-listed', 'proxy-listed-id'], upstream)));
    if (parts.includes('token')) load.push(...(await sideBySide(['token', 'token-floor'], upstream)));
    for (const mode of parts.includes('farm') ? (['proxy', 'token'] as const) : []) {
      load.push(await farmOfFour(mode, upstream, null));
      load.push(await farmOfFour(mode, upstream, redis.url));
      await redisCli(redis.port, 'FLUSHALL');
    }
    const memory: MemoryRow[] = [];
    // One process's RSS growth from 10k to 100k swung from +0.6 % to +6.4 % between runs for either
    // server (pages the allocator keeps or returns): three processes each, taking turns, and the median.
    for (const processNumber of parts.includes('memory') ? MEMORY_PROCESSES : []) {
      memory.push(...(await memoryOverTime(upstream, 'proxy', false, false, processNumber)));
      memory.push(...(await memoryOverTime(upstream, 'bare', false, false, processNumber)));
    }
    if (parts.includes('memory-controls')) memory.push(...(await memoryOverTime(upstream, 'proxy', true)));
    if (parts.includes('memory-controls')) memory.push(...(await memoryOverTime(upstream, 'proxy', false, true)));
    return { load, memory };
  } finally {
    await redis.stop();
    await upstream.stop();
  }
}
