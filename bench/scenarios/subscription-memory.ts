/**
 * The heap 1,000 subscriptions on one WebSocket take (issue 48): `client.subscribe` against a bare
 * graphql-ws client given a token by hand, each in a process of its own with --expose-gc
 * (subscription-memory-process.ts, with the built package), the mock in the bench's process publishing until every
 * subscription has had an event. Medians over rounds, taking turns.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { bundled } from '../../test/farm/spawn-farm-process.js';
import { createDemoService } from '../../test/support/mock-service.js';
import { BENCH_API_KEY } from '../support/service.js';
import { median, rotated, until } from '../support/stats.js';

const SCRIPT = fileURLToPath(new URL('./subscription-memory-process.ts', import.meta.url));
const SUBSCRIPTIONS = 1000;
const ROUNDS = 3;
type Mode = 'ours' | 'bare';

export interface SubscriptionMemoryRow {
  subscriptions: number;
  rounds: number;
  /** Heap after a full collection with every subscription open (each had an event), less the heap before the client was made: median. */
  oursBytes: number;
  bareBytes: number;
  /** Open connections the mock counted for the client's subscriptions, and the subscriptions on them (the last round). */
  oursConnections: number;
  bareConnections: number;
  oursServerSubscriptions: number;
  bareServerSubscriptions: number;
}

/** Runs one client process; resolves with its heap figures once it printed them, and kills it. */
async function measure(mode: Mode, baseUrl: string, opId: string, subscriptions: number, whileUp: () => void): Promise<number> {
  const child = spawn(process.execPath, ['--expose-gc', await bundled(SCRIPT), mode, baseUrl, String(subscriptions), opId], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve();
    }),
  );
  try {
    const line = await new Promise<string>((resolve, reject) => {
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const found = stdout.split('\n').find((candidate) => candidate.startsWith('{'));
        if (found !== undefined) resolve(found);
      });
      void exited.then(() => {
        reject(new Error(`${mode}: the client process exited: ${stderr}`));
      });
    });
    whileUp();
    const { before, after } = JSON.parse(line) as { before: number; after: number };
    return after - before;
  } finally {
    child.kill('SIGKILL');
    await exited;
  }
}

export async function runSubscriptionMemory(subscriptions = SUBSCRIPTIONS, rounds = ROUNDS): Promise<SubscriptionMemoryRow> {
  const service = createDemoService({ apiKeys: [BENCH_API_KEY] });
  const { baseUrl, close } = await service.listen();
  const opId = service.demo.store('us').pentests[0]?.op_id ?? '';
  const bytes: Record<Mode, number[]> = { ours: [], bare: [] };
  const seen: Record<Mode, { connections: number; subscriptions: number }> = {
    ours: { connections: 0, subscriptions: 0 },
    bare: { connections: 0, subscriptions: 0 },
  };
  const stopEmitting = service.emitEvery(20);
  try {
    for (let round = 0; round < rounds; round++) {
      for (const mode of rotated(['ours', 'bare'] as const, round)) {
        const mark = service.subscriptionConnections.length;
        bytes[mode].push(
          await measure(mode, baseUrl, opId, subscriptions, () => {
            const open = service.subscriptionConnections.slice(mark).filter((connection) => connection.state === 'open');
            seen[mode] = { connections: open.length, subscriptions: open.reduce((sum, connection) => sum + connection.subscriptions, 0) };
          }),
        );
        await until(() => service.subscriptionConnections.every((connection) => connection.state !== 'open'), `${mode}: closed`);
      }
    }
  } finally {
    stopEmitting();
    await close();
  }
  return {
    subscriptions,
    rounds,
    oursBytes: median(bytes.ours),
    bareBytes: median(bytes.bare),
    oursConnections: seen.ours.connections,
    bareConnections: seen.bare.connections,
    oursServerSubscriptions: seen.ours.subscriptions,
    bareServerSubscriptions: seen.bare.subscriptions,
  };
}
