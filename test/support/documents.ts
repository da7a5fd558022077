import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';
import { createPentestStore, type PageInput } from './mock-service.js';

/** client_name carries the region ("Acme Corp (us)"), so a test sees which region answered. */
export interface PentestRow {
  op_id: string;
  name: string;
  state: string;
  client_name: string;
}

export const PentestsDocument = parse(
  'query Pentests($page_num: Int, $page_size: Int) { pentests_page(page_input: { page_num: $page_num, page_size: $page_size }) { pentests { op_id name state client_name } } }',
) as TypedDocumentNode<{ pentests_page: { pentests: PentestRow[] } }, { page_num?: number; page_size?: number }>;

/** `$op_id: String!` is required: the calls that run it do not compile without variables. */
export const PentestDocument = parse('query Pentest($op_id: String!) { pentest(op_id: $op_id) { op_id name state client_name } }') as TypedDocumentNode<
  { pentest: PentestRow | null },
  { op_id: string }
>;

export type PentestsPage = { pentests_page: { pentests: PentestRow[] } };

/** The page_input form the CLI sends: what infinite queries page through. */
export const PentestsPageDocument = parse(
  'query PentestsPage($page_input: PageInput) { pentests_page(page_input: $page_input) { pentests { op_id name state client_name } } }',
) as TypedDocumentNode<PentestsPage, { page_input?: PageInput | null }>;

export const AccountDocument = parse('query Account { session_user_account { uuid name email } }') as TypedDocumentNode<
  { session_user_account: { uuid: string; name: string; email: string } },
  Record<string, never>
>;

export interface OpTabRow {
  op_id: string;
  op_state: string;
}

export const PauseOpDocument = parse('mutation PauseOp($op_id: String!) { pause_op(op_id: $op_id) { op_id op_state } }') as TypedDocumentNode<
  { pause_op: OpTabRow | null },
  { op_id: string }
>;

/** The op_id of a region's `nth` running pentest in the demo data (running pentests are what pause_op takes). */
export function runningOpId(region = 'us', nth = 0): string {
  const running = createPentestStore(region).pentests.filter((pentest) => pentest.state === 'running');
  const pentest = running[nth];
  if (pentest === undefined) throw new Error(`The ${region} demo data has only ${running.length} running pentests`);
  return pentest.op_id;
}

/** The names of a region's first `count` pentests, newest first, as the first page lists them. */
export function pentestNames(region: string, count: number): string[] {
  return createPentestStore(region)
    .pentests.slice(0, count)
    .map((pentest) => pentest.name);
}

export const clientName = (region: string) => `Acme Corp (${region})`;

/** The CLI's "Paginating results": a pentest's action logs, a page at a time, and their count. */
export interface LogsVariables {
  op_id: string;
  page_num: number;
  page_size: number;
}
export type LogsPage = { action_logs_page: { action_logs: Array<{ start_time: string; cmd: string; module_id: string }> } };

export const ActionLogsDocument = parse(
  'query ActionLogs($op_id: String!, $page_num: Int, $page_size: Int) { action_logs_page(input: { op_id: $op_id }, page_input: { page_num: $page_num, page_size: $page_size }) { action_logs { start_time cmd module_id } } }',
) as TypedDocumentNode<LogsPage, LogsVariables>;
export const ActionLogsCountDocument = parse('query ActionLogsCount($op_id: String!) { action_logs_count(input: { op_id: $op_id }) }') as TypedDocumentNode<
  { action_logs_count: number },
  { op_id: string }
>;
