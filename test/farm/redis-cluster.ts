import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts, retryWhilePortTaken } from '../support/free-ports.ts';
import { redisCli } from './redis-server.ts';

/** Three masters and three replicas; a master is failed after this long unreachable (1.5 s: a failover in about 3 s). */
const NODES = 6;
const NODE_TIMEOUT_MS = 1_500;

export interface RedisCluster {
  /** The nodes' client ports, as started (a killed one stays listed). */
  readonly ports: readonly number[];
  /** `127.0.0.1:P,…` of every node: what a farm process's REDIS_CLUSTER takes. */
  readonly nodes: string;
  /** The port of the live master serving `key`'s slot now, as a live node sees the cluster. */
  masterOf: (key: string) => Promise<number>;
  /** Every key a node holds (a master's are its replica's too). */
  keysOn: (port: number) => Promise<string[]>;
  /** Kills one node at once (SIGKILL), as a crash would. */
  kill: (port: number) => Promise<void>;
  /** Waits until every live node says `cluster_state:ok` and sees every slot on a live master (bounded). */
  ok: () => Promise<void>;
  stop: () => Promise<void>;
}

interface ClusterNode {
  readonly port: number;
  readonly flags: string[];
  readonly slots: Array<[number, number]>;
}

/** `CLUSTER NODES` of one node, read: each node's port, flags and slot ranges. */
function parseNodes(text: string): ClusterNode[] {
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [, address = '', flags = '', , , , , , ...slots] = line.split(' ');
      return {
        port: Number(/:(\d+)@/.exec(address)?.[1]),
        flags: flags.split(','),
        // A slot range `0-5460`, or one slot `5461`, whose end is then its start.
        slots: slots.filter((slot) => /^\d+(-\d+)?$/.test(slot)).map((slot) => slot.split('-').map(Number) as [number, number?]),
      };
    })
    .map((node) => ({ ...node, slots: node.slots.map(([from, to]) => [from, to ?? from] as [number, number]) }));
}

async function waitFor(what: string, condition: () => Promise<boolean>, limitMs = 30_000): Promise<void> {
  const startedAt = Date.now();
  while (!(await condition())) {
    if (Date.now() - startedAt > limitMs) throw new Error(`Redis Cluster: ${what} not within ${String(limitMs)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A Redis Cluster of Debian's redis-server on free 127.0.0.1 ports (each node's bus port free too),
 * persistence off, made with `redis-cli --cluster create`: ready in about 6 s. Every process it
 * started is killed by `stop`, and by the start itself when it fails.
 */
export function startRedisCluster(): Promise<RedisCluster> {
  return retryWhilePortTaken(startCluster);
}

async function startCluster(): Promise<RedisCluster> {
  const directory = await mkdtemp(join(tmpdir(), 'redis-cluster-'));
  const all = await freePorts(NODES * 2);
  const ports = all.slice(0, NODES);
  const children = new Map<number, ChildProcess>();
  const outputs = new Map<number, string>();

  async function kill(port: number): Promise<void> {
    const child = children.get(port);
    children.delete(port);
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
  async function stop(): Promise<void> {
    await Promise.all([...children.keys()].map(kill));
    await rm(directory, { recursive: true, force: true });
  }
  const live = () => ports.filter((port) => children.has(port));
  const clusterInfoOk = async (port: number) => (await redisCli(port, 'CLUSTER', 'INFO').catch(() => '')).includes('cluster_state:ok');
  /** Whether every slot is served by a live master, as every live node sees it (a killed master's replica promoted). */
  const servedByLive = async (port: number) => {
    const nodes = parseNodes(await redisCli(port, 'CLUSTER', 'NODES').catch(() => ''));
    return nodes.every((node) => node.slots.length === 0 || (node.flags.includes('master') && !node.flags.includes('fail') && children.has(node.port)));
  };
  const ok = () =>
    waitFor('every slot served by a live master, cluster_state:ok on every live node', async () =>
      (await Promise.all(live().map(async (port) => (await clusterInfoOk(port)) && (await servedByLive(port))))).every(Boolean),
    );

  try {
    ports.forEach((port, index) => {
      const child = spawn(
        'redis-server',
        [
          ...['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
          ...['--cluster-enabled', 'yes', '--cluster-port', String(all[NODES + index]), '--cluster-node-timeout', String(NODE_TIMEOUT_MS)],
          ...['--cluster-config-file', join(directory, `nodes-${String(port)}.conf`), '--dir', directory],
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      children.set(port, child);
      outputs.set(port, '');
      const record = (chunk: Buffer) => outputs.set(port, (outputs.get(port) ?? '') + chunk.toString());
      child.stdout.on('data', record);
      child.stderr.on('data', record);
    });
    for (const port of ports) {
      await waitFor(`node ${String(port)} answering`, async () => {
        const child = children.get(port);
        if (child?.exitCode !== null) throw new Error(`redis-server exited before answering on port ${String(port)}:\n${outputs.get(port) ?? ''}`);
        return (await redisCli(port, 'PING').catch(() => '')).trim() === 'PONG';
      });
    }
    await redisCli(ports[0] ?? 0, '--cluster', 'create', ...ports.map((port) => `127.0.0.1:${String(port)}`), '--cluster-replicas', '1', '--cluster-yes');
    await ok();
    // A replica not yet synced with its master would not stand for it (its data counts as too old).
    await waitFor('every replica synced with its master', async () => {
      const roles = await Promise.all(ports.map(async (port) => redisCli(port, 'INFO', 'replication').catch(() => '')));
      return (
        roles.filter((info) => info.includes('role:slave')).every((info) => info.includes('master_link_status:up')) &&
        roles.filter((info) => info.includes('role:slave')).length === NODES / 2
      );
    });
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    ports,
    nodes: ports.map((port) => `127.0.0.1:${String(port)}`).join(','),
    async masterOf(key) {
      const [asked] = live();
      const slot = Number(await redisCli(asked ?? 0, 'CLUSTER', 'KEYSLOT', key));
      const nodes = parseNodes(await redisCli(asked ?? 0, 'CLUSTER', 'NODES'));
      const master = nodes.find(
        (node) => node.flags.includes('master') && !node.flags.includes('fail') && node.slots.some(([from, to]) => slot >= from && slot <= to),
      );
      if (master === undefined || !children.has(master.port)) throw new Error(`Redis Cluster: no live master serves slot ${String(slot)}`);
      return master.port;
    },
    keysOn: async (port) => (await redisCli(port, '--scan')).split('\n').filter((key) => key !== ''),
    kill,
    ok,
    stop,
  };
}
