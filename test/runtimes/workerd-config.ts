import { build } from 'esbuild';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, freePorts, retryWhilePortTaken } from '../support/free-ports.ts';
import { type RuntimeProcess, startRuntime } from './runtime-process.ts';

const here = dirname(fileURLToPath(import.meta.url));

export interface WorkerdBindings {
  [name: string]: string;
}

/** Bundles a Worker module as wrangler would (esbuild, ESM, the workerd/worker conditions). */
export async function bundleWorker(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    external: ['cloudflare:*'],
    logLevel: 'error',
  });
}

const text = (value: string) => JSON.stringify(value);

/**
 * A workerd config serving one Worker on 127.0.0.1:`port`. Outbound fetches may reach loopback:
 * workerd's default "internet" service refuses private and local addresses, and the mock service
 * upstream lives on 127.0.0.1.
 */
export async function writeWorkerdConfig(dir: string, { port, bindings }: { port: number; bindings: WorkerdBindings }): Promise<string> {
  const config = `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .app),
    (name = "internet", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [(name = "http", address = ${text(`127.0.0.1:${port}`)}, http = (), service = "main")],
);

const app :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.bundle.js")],
  compatibilityDate = "2026-11-01",
  bindings = [
${Object.entries(bindings)
  .map(([name, value]) => `    (name = ${text(name)}, text = ${text(value)}),`)
  .join('\n')}
  ],
);
`;
  const file = join(dir, 'config.capnp');
  await writeFile(file, config);
  return file;
}

/** One Worker module (a file of test/runtimes/app) bundled and served by workerd on a free port. */
export async function startWorkerd(entry: string, bindings: WorkerdBindings): Promise<RuntimeProcess> {
  const dir = await mkdtemp(join(tmpdir(), 'workerd-app-'));
  await bundleWorker(join(here, 'app', entry), join(dir, 'worker.bundle.js'));
  const running = await retryWhilePortTaken(async () => {
    const port = await freePort();
    const config = await writeWorkerdConfig(dir, { port, bindings });
    return startRuntime(join(here, 'node_modules', '.bin', 'workerd'), ['serve', config], { cwd: dir, port });
  });
  return {
    ...running,
    stop: async () => {
      await running.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A fleet on one workerd: `count` Worker scripts (each its own isolate and socket), all bound to one
 * Durable Object namespace hosted by the `host` module, with in-memory object storage.
 */
export async function startWorkerdFleet({
  script,
  host,
  count,
  bindings,
}: {
  script: string;
  host: string;
  count: number;
  bindings: WorkerdBindings;
}): Promise<RuntimeProcess & { urls: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'workerd-fleet-'));
  await bundleWorker(join(here, 'app', script), join(dir, 'fleet.bundle.js'));
  await bundleWorker(join(here, 'app', host), join(dir, 'host.bundle.js'));
  const { running, ports } = await retryWhilePortTaken(async () => {
    const ports = await freePorts(count);
    const file = join(dir, 'config.capnp');
    await writeFile(file, fleetConfig(ports, bindings));
    const running = await startRuntime(join(here, 'node_modules', '.bin', 'workerd'), ['serve', file], { cwd: dir, port: ports[0]! });
    return { running, ports };
  });
  return {
    ...running,
    urls: ports.map((port) => `http://127.0.0.1:${port}`),
    stop: async () => {
      await running.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** One Worker and one socket per port, all bound to the Durable Object namespace the host module serves. */
function fleetConfig(ports: number[], bindings: WorkerdBindings): string {
  const textBindings = Object.entries(bindings).map(([name, value]) => `(name = ${text(name)}, text = ${text(value)})`);
  const workers = ports.map(
    (_, index) => `const w${index} :Workerd.Worker = (
  modules = [(name = "fleet.js", esModule = embed "fleet.bundle.js")],
  compatibilityDate = "2026-11-01",
  bindings = [
    ${[...textBindings, '(name = "TOKEN_CACHE", durableObjectNamespace = (className = "TokenCacheObject", serviceName = "cache"))'].join(',\n    ')}
  ],
);`,
  );
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "cache", worker = .host),
    ${ports.map((_, index) => `(name = "w${index}", worker = .w${index}),`).join('\n    ')}
    (name = "internet", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [
    ${ports.map((port, index) => `(name = "s${index}", address = ${text(`127.0.0.1:${port}`)}, http = (), service = "w${index}"),`).join('\n    ')}
  ],
);

const host :Workerd.Worker = (
  modules = [(name = "host.js", esModule = embed "host.bundle.js")],
  compatibilityDate = "2026-11-01",
  durableObjectNamespaces = [(className = "TokenCacheObject", uniqueKey = "graphql-jwt-auth-token-cache")],
  durableObjectStorage = (inMemory = void),
);

${workers.join('\n\n')}
`;
}
