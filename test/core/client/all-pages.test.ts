import { describe, expect, it } from 'vitest';
import { allPages, type Page, type PagesProgress } from 'graphql-jwt-auth-react/core';
import { clientFor, startService } from '../../support/fixtures.js';
import { trackLibraryTimers } from '../../support/live-timers.js';
import { createPentestStore } from '../../support/mock-service.js';
import { ActionLogsCountDocument, ActionLogsDocument, type LogsPage, type LogsVariables } from '../../support/documents.js';

/** The CLI's loop: the next page until an empty one. */
const nextUntilEmpty = (data: LogsPage, variables: LogsVariables) =>
  data.action_logs_page.action_logs.length === 0 ? null : { ...variables, page_num: variables.page_num + 1 };
const logsOf = (data: LogsPage) => data.action_logs_page.action_logs;

/** A launched pentest of the demo data with at least `min` action logs, and how many it has. */
async function pentestWithLogs(min: number): Promise<{ opId: string; count: number; logs: unknown[] }> {
  const running = await startService();
  const client = clientFor(running);
  for (const pentest of createPentestStore('us').pentests) {
    const { action_logs_count: count } = await client.request(ActionLogsCountDocument, { op_id: pentest.op_id });
    if (count < min) continue;
    const whole = await client.request(ActionLogsDocument, { op_id: pentest.op_id, page_num: 1, page_size: 1000 });
    return { opId: pentest.op_id, count, logs: logsOf(whole) };
  }
  throw new Error(`no pentest has ${min} action logs`);
}

const pageNumOf = (body: string) => (JSON.parse(body) as { variables?: { page_num?: number } }).variables?.page_num;

describe('allPages', () => {
  it('reads every page once across two expiries: each expired page is re-sent once with a new token, no yielded page ever again', async () => {
    const { opId, count, logs } = await pentestWithLogs(45);
    const running = await startService();
    const client = clientFor(running);
    const pageSize = 10;
    const pages = Math.ceil(count / pageSize) + (count % pageSize === 0 ? 1 : 0);

    const seen: Array<Page<LogsPage, LogsVariables>> = [];
    /** graphqlCalls.length when each page was yielded. */
    const sentBeforeYield: number[] = [];
    for await (const page of allPages(client, ActionLogsDocument, { op_id: opId, page_num: 1, page_size: pageSize }, { next: nextUntilEmpty, items: logsOf })) {
      seen.push(page);
      sentBeforeYield.push(running.service.graphqlCalls.length);
      // The token dies after the first and the third page: the second and fourth meet the expired answer.
      if (seen.length === 1 || seen.length === 3) running.service.expireTokensNow();
    }

    // Every log once, in order: the same list one request for all of them answers.
    expect(seen.flatMap((page) => logsOf(page.data))).toEqual(logs);
    expect(logs).toHaveLength(count);
    expect(seen.map((page) => page.variables.page_num)).toEqual(Array.from({ length: pages + 1 }, (_, i) => i + 1).slice(0, seen.length));
    expect(seen.at(-1)?.next).toBeNull();
    expect(seen.at(-1)?.progress).toEqual({ pages: seen.length, items: count });
    // Three tokens: the first, and one per expiry. Every page once, and the two pages that met an expired token twice.
    expect(running.service.authCalls).toHaveLength(3);
    const sent = running.service.graphqlCalls.map((call) => ({ page: pageNumOf(call.body), expired: call.expired }));
    expect(sent.filter((call) => call.expired).map((call) => call.page)).toEqual([2, 4]);
    expect(sent).toHaveLength(seen.length + 2);
    // No page is sent after it was yielded.
    seen.forEach((page, index) => {
      const later = running.service.graphqlCalls.slice(sentBeforeYield[index]).map((call) => pageNumOf(call.body));
      expect(later).not.toContain(page.variables.page_num);
    });
  });

  it('reports the total from the app’s count query and starts again from the page a read named, counting on', async () => {
    const { opId, count } = await pentestWithLogs(25);
    const running = await startService();
    const client = clientFor(running);
    const total = () => client.request(ActionLogsCountDocument, { op_id: opId }).then((data) => data.action_logs_count);
    const options = { next: nextUntilEmpty, items: logsOf, total };

    const stop = new AbortController();
    let resumeAt: Page<LogsPage, LogsVariables> | undefined;
    for await (const page of allPages(client, ActionLogsDocument, { op_id: opId, page_num: 1, page_size: 10 }, { ...options, signal: stop.signal })) {
      resumeAt = page;
      expect(page.progress.total).toBe(count);
      if (page.progress.pages === 2) stop.abort();
    }
    expect(resumeAt?.progress).toEqual({ pages: 2, items: 20, total: count });
    const callsBefore = running.service.graphqlCalls.length;

    const progress: PagesProgress[] = [];
    for await (const page of allPages(client, ActionLogsDocument, resumeAt!.next!, { ...options, start: resumeAt!.progress })) progress.push(page.progress);

    expect(progress[0]).toEqual({ pages: 3, items: Math.min(30, count), total: count });
    expect(progress.at(-1)).toEqual({ pages: 2 + progress.length, items: count, total: count });
    // The second read: one count and its own pages, the first of them page 3.
    const second = running.service.graphqlCalls.slice(callsBefore);
    expect(second.filter((call) => call.operationName === 'ActionLogsCount')).toHaveLength(1);
    expect(second.filter((call) => call.operationName === 'ActionLogs').map((call) => pageNumOf(call.body))).toEqual(
      Array.from({ length: progress.length }, (_, i) => i + 3),
    );
    expect(running.service.authCalls).toHaveLength(1);
  });

  it('tries a page again after a transient failure, and throws one that is not', async () => {
    const { opId } = await pentestWithLogs(5);
    const running = await startService();
    const client = clientFor(running);
    running.service.queueGraphqlFailures(503);

    const first = await allPages(client, ActionLogsDocument, { op_id: opId, page_num: 1, page_size: 5 }, { next: () => null, retryDelayMs: 10 }).next();
    expect(first.done).toBe(false);
    expect(running.service.graphqlCalls.map((call) => call.status)).toEqual([503, 200]);

    const wrong = allPages(client, ActionLogsDocument, { op_id: 'no-such-op', page_num: 1, page_size: 5 }, { next: () => null, retryDelayMs: 10 });
    await expect(wrong.next()).rejects.toThrow(/No pentest with op_id/);
    expect(running.service.graphqlCalls).toHaveLength(3);
  });

  it('ends cleanly when aborted mid-request, leaving no timer', async () => {
    const { opId } = await pentestWithLogs(5);
    const running = await startService();
    const client = clientFor(running);
    await client.getToken();
    const timers = trackLibraryTimers();
    try {
      running.service.queueGraphqlFailures(503);
      const stop = new AbortController();
      const pages = allPages(
        client,
        ActionLogsDocument,
        { op_id: opId, page_num: 1, page_size: 5 },
        { next: () => null, retryDelayMs: 60_000, signal: stop.signal },
      );
      const result = pages.next();
      // Aborted while it waits out the 503's backoff.
      await expect.poll(() => running.service.graphqlCalls.filter((call) => call.status === 503).length).toBe(1);
      stop.abort();
      expect(await result).toEqual({ done: true, value: undefined });
      expect(await timers.live()).toEqual([]);
      expect(running.service.graphqlCalls).toHaveLength(1);
    } finally {
      timers.stop();
    }
  });
});
