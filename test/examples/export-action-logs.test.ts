// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { exportActionLogs } from '../../examples/export-action-logs/export-action-logs.js';
import { clientFor, startService } from '../support/fixtures.js';

const pageNumOf = (body: string) => (JSON.parse(body) as { variables?: { page_num?: number } }).variables?.page_num;

/** The launched pentest with the most action logs in the demo data, and its logs as one request reads them. */
async function longestLog(): Promise<{ opId: string; logs: unknown[] }> {
  const running = await startService();
  const client = clientFor(running);
  let best = { opId: '', logs: [] as unknown[] };
  for (const pentest of running.service.demo.store('us').pentests.slice(0, 20)) {
    const lines: string[] = [];
    await exportActionLogs(client, { opId: pentest.op_id, pageSize: 1000, write: (line) => lines.push(line) });
    if (lines.length > best.logs.length) best = { opId: pentest.op_id, logs: lines.map((line) => JSON.parse(line) as unknown) };
  }
  return best;
}

describe('examples/export-action-logs', () => {
  it('writes every action log once, in order, as NDJSON, through at least two renewals of a two-second token', async () => {
    const { opId, logs } = await longestLog();
    expect(logs.length).toBeGreaterThanOrEqual(100);
    // Two-second tokens, and pages slow enough that the export outlives two of them.
    const running = await startService({ tokenLifetimeSec: 2 });
    running.service.graphqlDelayMs = 150;
    const client = clientFor(running);
    const lines: string[] = [];
    const progress: string[] = [];
    /** graphqlCalls.length when each page's lines were written. */
    const sentAtWrite: number[] = [];

    const written = await exportActionLogs(client, {
      opId,
      pageSize: 5,
      write: (line) => lines.push(line),
      onProgress: (message) => {
        progress.push(message);
        sentAtWrite.push(running.service.graphqlCalls.length);
      },
    });

    expect(written).toBe(logs.length);
    expect(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual(logs);
    const pages = Math.ceil(logs.length / 5) + 1; // the last one empty
    expect(progress).toHaveLength(pages);
    expect(progress.at(-1)).toBe(`${String(pages)} pages, ${String(logs.length)}/${String(logs.length)} logs`);

    // At least two renewals on the way (allPages' own tests force expired answers mid-read).
    expect(running.service.authCalls.length).toBeGreaterThanOrEqual(3);
    const pageCalls = running.service.graphqlCalls.filter((call) => call.operationName === 'ActionLogs');
    const expired = pageCalls.filter((call) => call.expired).map((call) => pageNumOf(call.body));
    // Each page answered once, and sent once more only after an expired answer, if a token died on the way.
    expect(pageCalls).toHaveLength(pages + expired.length);
    expect(pageCalls.filter((call) => !call.expired).map((call) => pageNumOf(call.body))).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
    // No page is sent again after its lines were written.
    sentAtWrite.forEach((sent, index) => {
      expect(running.service.graphqlCalls.slice(sent).map((call) => pageNumOf(call.body))).not.toContain(index + 1);
    });
  });
});
