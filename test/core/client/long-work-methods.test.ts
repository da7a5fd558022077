import { describe, expect, it } from 'vitest';
import { createAuthClient } from 'graphql-jwt-auth-react/core';
import {
  ActionLogsCountDocument,
  ActionLogsDocument,
  type LogsPage,
  type LogsVariables,
  PentestDocument,
  type PentestRow,
  runningOpId,
} from '../../support/documents.js';
import { API_KEY, clientFor, startService } from '../../support/fixtures.js';

const nextUntilEmpty = (data: LogsPage, variables: LogsVariables) =>
  data.action_logs_page.action_logs.length === 0 ? null : { ...variables, page_num: variables.page_num + 1 };

const ended = (data: { pentest: PentestRow | null }) => ['done', 'ended'].includes(data.pentest?.state ?? 'ended');

describe('client.watch and client.pages: the client createAuthClient returns watches and reads every page itself', () => {
  it('client.watch polls until a terminal state across an expiry, with one renewal and one re-sent poll', async () => {
    const running = await startService();
    const client = clientFor(running);
    const opId = runningOpId();
    const pentest = running.service.demo.store('us').pentests.find((candidate) => candidate.op_id === opId)!;

    const states: string[] = [];
    for await (const data of client.watch(PentestDocument, { op_id: opId }, { until: ended, intervalMs: 10 })) {
      states.push(data.pentest!.state);
      if (states.length === 1) running.service.expireTokensNow();
      if (states.length === 2) pentest.state = 'done';
    }

    expect(states).toEqual(['running', 'running', 'done']);
    expect(running.service.authCalls).toHaveLength(2);
    expect(running.service.graphqlCalls.map((call) => call.expired)).toEqual([false, true, false, false]);
  });

  it('client.pages reads to the empty page across an expiry, re-sending only the page that met the expired token', async () => {
    const running = await startService();
    const client = clientFor(running);
    const opId = runningOpId();
    const { action_logs_count: count } = await client.request(ActionLogsCountDocument, { op_id: opId });
    expect(count).toBeGreaterThan(4);
    const sentBefore = running.service.graphqlCalls.length;

    const cmds: string[] = [];
    let pagesRead = 0;
    for await (const page of client.pages(ActionLogsDocument, { op_id: opId, page_num: 1, page_size: 2 }, { next: nextUntilEmpty })) {
      cmds.push(...page.data.action_logs_page.action_logs.map((log) => log.cmd));
      pagesRead += 1;
      if (pagesRead === 1) running.service.expireTokensNow();
    }

    expect(cmds).toHaveLength(count);
    // ceil(count / 2) pages with logs, then the empty one that ends the read; the second page sent twice.
    const pages = Math.ceil(count / 2) + 1;
    expect(pagesRead).toBe(pages);
    expect(running.service.graphqlCalls.slice(sentBefore).filter((call) => call.expired)).toHaveLength(1);
    expect(running.service.graphqlCalls.length - sentBefore).toBe(pages + 1);
    expect(running.service.authCalls).toHaveLength(2);
  });

  it('both are closures: destructured, they still run on their client, and an aborted signal ends them without a request', async () => {
    const running = await startService();
    const client = createAuthClient({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl } });
    try {
      const { watch, pages } = client;
      const stop = new AbortController();
      stop.abort();
      const watched = await watch(PentestDocument, { op_id: runningOpId() }, { until: ended, intervalMs: 10, signal: stop.signal }).next();
      const read = await pages(ActionLogsDocument, { op_id: runningOpId(), page_num: 1, page_size: 2 }, { next: nextUntilEmpty, signal: stop.signal }).next();
      expect([watched.done, read.done]).toEqual([true, true]);
      expect(running.service.graphqlCalls).toHaveLength(0);

      const first = await watch(PentestDocument, { op_id: runningOpId() }, { until: () => true, intervalMs: 10 }).next();
      expect(first.value).toMatchObject({ pentest: { state: 'running' } });
      expect(running.service.authCalls).toHaveLength(1);
    } finally {
      client.dispose();
    }
  });
});
