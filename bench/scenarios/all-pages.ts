/**
 * Every page of a long list (issue 48): `allPages` over 10,000 pentests, 100 a page until an empty
 * page (the CLI's "Paginating results" loop), against the same loop by hand with graphql-request, on
 * the mock in the bench's process with 2 s tokens, so that each read outlives its first token. The
 * loop by hand renews as the recipes do, on the expired answer: it re-sends that page with a new
 * token. Medians over rounds, taking turns, after a warm-up round of each.
 */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';
import { ClientError, GraphQLClient } from 'graphql-request';
import { allPages, createAuthClient } from '../../src/core/index.js';
import { createDemoService, type DemoService } from '../../test/support/mock-service.js';
import { graphqlUrl, tokenHolder } from '../contenders/contender.js';
import { BENCH_API_KEY } from '../support/service.js';
import { median, rotated } from '../support/stats.js';

const ITEMS = 10_000;
const PAGE_SIZE = 100;
const ROUNDS = 5;
/** Short enough that a read renews mid-way (the client moves to a new token 0.5 s after each; see subscription-renewals.ts). */
const TOKEN_LIFETIME_SEC = 2;

interface PageVariables {
  page_num: number;
  page_size: number;
}
type PageData = { pentests_page: { pentests: Array<{ op_id: string; name: string; state: string }> } };

const PageDocument = parse(
  'query PentestsPage($page_num: Int!, $page_size: Int!) { pentests_page(page_input: { page_num: $page_num, page_size: $page_size }) { pentests { op_id name state } } }',
) as TypedDocumentNode<PageData, PageVariables>;

const FIRST: PageVariables = { page_num: 1, page_size: PAGE_SIZE };
const itemsOf = (data: PageData) => data.pentests_page.pentests;
/** The next page until an empty one. */
const nextOf = (data: PageData, variables: PageVariables) => (itemsOf(data).length === 0 ? null : { ...variables, page_num: variables.page_num + 1 });

export interface AllPagesRow {
  items: number;
  pageSize: number;
  rounds: number;
  tokenLifetimeSec: number;
  /** Median items/s of a whole read, the first token's fetch included. */
  oursPerSecond: number;
  barePerSecond: number;
  /** Renewals during a read (/v1/auth calls after the first), median. */
  oursRenewals: number;
  bareRenewals: number;
  /** Pages answered other than with data (the expired answer), all rounds together. */
  oursFailedPages: number;
  bareFailedPages: number;
  /** Items read, per round: every one of ITEMS, or the read is wrong. */
  oursItems: number[];
  bareItems: number[];
}

type Reader = (baseUrl: string) => Promise<number>;

const ours: Reader = async (baseUrl) => {
  const client = createAuthClient({ apiKey: BENCH_API_KEY, region: 'us', regions: { us: baseUrl } });
  let items = 0;
  for await (const page of allPages(client, PageDocument, FIRST, { next: nextOf, items: itemsOf })) items = page.progress.items;
  client.dispose();
  return items;
};

/** The CLI's loop with graphql-request: the token in a variable, renewed on the expired answer and the page sent again. */
const bare: Reader = async (baseUrl) => {
  const client = new GraphQLClient(graphqlUrl(baseUrl));
  const { current, refresh } = tokenHolder(baseUrl, BENCH_API_KEY);
  const send = (variables: PageVariables, token: string) =>
    client.request({ document: PageDocument, variables, requestHeaders: { authorization: `Bearer ${token}` } });
  let items = 0;
  for (let variables: PageVariables | null = FIRST; variables !== null;) {
    let data: PageData;
    try {
      data = await send(variables, current() ?? (await refresh()));
    } catch (error) {
      if (!(error instanceof ClientError && error.response.status === 401)) throw error;
      data = await send(variables, await refresh());
    }
    items += itemsOf(data).length;
    variables = nextOf(data, variables);
  }
  return items;
};

/** One read: items/s, renewals, pages answered expired, items read. */
async function read(service: DemoService, baseUrl: string, reader: Reader) {
  const auth = service.authCalls.length;
  const sent = service.graphqlCalls.length;
  const start = performance.now();
  const items = await reader(baseUrl);
  const seconds = (performance.now() - start) / 1000;
  return {
    perSecond: items / seconds,
    renewals: service.authCalls.length - auth - 1,
    failed: service.graphqlCalls.slice(sent).filter((call) => call.expired).length,
    items,
  };
}

export async function runAllPages(rounds = ROUNDS): Promise<AllPagesRow> {
  const service = createDemoService({ apiKeys: [BENCH_API_KEY], pentestCount: ITEMS, tokenLifetimeSec: TOKEN_LIFETIME_SEC });
  const { baseUrl, close } = await service.listen();
  const readers = [
    ['ours', ours],
    ['bare', bare],
  ] as const;
  const runs = { ours: [] as Array<Awaited<ReturnType<typeof read>>>, bare: [] as Array<Awaited<ReturnType<typeof read>>> };
  try {
    for (const [, reader] of readers) await read(service, baseUrl, reader);
    for (let round = 0; round < rounds; round++) {
      for (const [name, reader] of rotated(readers, round)) runs[name].push(await read(service, baseUrl, reader));
    }
  } finally {
    await close();
  }
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    items: ITEMS,
    pageSize: PAGE_SIZE,
    rounds,
    tokenLifetimeSec: TOKEN_LIFETIME_SEC,
    oursPerSecond: median(runs.ours.map((run) => run.perSecond)),
    barePerSecond: median(runs.bare.map((run) => run.perSecond)),
    oursRenewals: median(runs.ours.map((run) => run.renewals)),
    bareRenewals: median(runs.bare.map((run) => run.renewals)),
    oursFailedPages: sum(runs.ours.map((run) => run.failed)),
    bareFailedPages: sum(runs.bare.map((run) => run.failed)),
    oursItems: runs.ours.map((run) => run.items),
    bareItems: runs.bare.map((run) => run.items),
  };
}
