import { parse } from 'graphql';
import type { OpState, PageInput } from '../../mock-service/index.ts';
import type { TypedDocumentNode } from '../../src/index.js';

// The dashboard's operations, written as the pentest platform's CLI sends them (mock-service/pentest).

export type { OpState, PageInput } from '../../mock-service/index.ts';

export interface PentestRow {
  op_id: string;
  name: string;
  state: OpState;
  scheduled_at: string;
}

export type PentestsPage = { pentests_page: { pentests: PentestRow[] } };

export const PentestsPageDocument: TypedDocumentNode<PentestsPage, { page_input: PageInput }> = parse(
  'query PentestsPage($page_input: PageInput) { pentests_page(page_input: $page_input) { pentests { op_id name state scheduled_at } } }',
);

export const PentestsCountDocument: TypedDocumentNode<{ pentests_count: number }, { page_input: PageInput }> = parse(
  'query PentestsCount($page_input: PageInput) { pentests_count(page_input: $page_input) }',
);

export interface PentestDetails extends PentestRow {
  op_type: string;
  launched_at: string | null;
  duration_s: number | null;
  hosts_count: number;
  weaknesses_count: number;
  credentials_count: number;
}

export const PentestDocument: TypedDocumentNode<{ pentest: PentestDetails | null }, { op_id: string }> = parse(
  'query Pentest($op_id: String!) { pentest(op_id: $op_id) { op_id name state scheduled_at op_type launched_at duration_s hosts_count weaknesses_count credentials_count } }',
);

export interface ActionLogEntry {
  start_time: string;
  module_name: string;
  cmd: string;
  exit_code: number | null;
}

export type ActionLogsPage = { action_logs_page: { action_logs: ActionLogEntry[] } };

export const ActionLogsPageDocument: TypedDocumentNode<ActionLogsPage, { input: { op_id: string }; page_input: PageInput }> = parse(
  'query ActionLogsPage($input: OpInput!, $page_input: PageInput) { action_logs_page(input: $input, page_input: $page_input) { action_logs { start_time module_name cmd exit_code } } }',
);

type OpTab = { op_id: string; op_state: OpState };

export const PauseOpDocument: TypedDocumentNode<{ pause_op: OpTab | null }, { op_id: string }> = parse(
  'mutation PauseOp($op_id: String!) { pause_op(op_id: $op_id) { op_id op_state } }',
);

export const ResumeOpDocument: TypedDocumentNode<{ resume_op: OpTab | null }, { op_id: string }> = parse(
  'mutation ResumeOp($op_id: String!) { resume_op(op_id: $op_id) { op_id op_state } }',
);
