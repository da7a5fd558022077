import { parse } from 'graphql';
import type { TypedDocumentNode } from '../../src/index.js';

export type OpState = 'scheduled' | 'installation_needed' | 'running' | 'paused' | 'processing' | 'done' | 'ended';

export interface DemoPentest {
  op_id: string;
  name: string;
  state: OpState;
}

/** The first page of pentests; `page_num` tells apart queries that must not share a cache entry. */
export const DemoPentestsDocument: TypedDocumentNode<{ pentests_page: { pentests: DemoPentest[] } }, { page_num?: number; page_size?: number }> = parse(
  'query DemoPentests($page_num: Int, $page_size: Int) { pentests_page(page_input: { page_num: $page_num, page_size: $page_size }) { pentests { op_id name state } } }',
);

export const DemoAccountDocument: TypedDocumentNode<{ session_user_account: { name: string; email: string } }, Record<string, never>> = parse(
  'query DemoAccount { session_user_account { name email } }',
);

export const DemoPauseOpDocument: TypedDocumentNode<{ pause_op: { op_id: string; op_name: string; op_state: OpState } | null }, { op_id: string }> = parse(
  'mutation DemoPauseOp($op_id: String!) { pause_op(op_id: $op_id) { op_id op_name op_state } }',
);

export const DemoPentestStateDocument: TypedDocumentNode<{ pentest: DemoPentest | null }, { op_id: string }> = parse(
  'query DemoPentestState($op_id: String!) { pentest(op_id: $op_id) { op_id name state } }',
);

export const DemoCancelOpDocument: TypedDocumentNode<{ cancel_op: { op_id: string; op_state: OpState } | null }, { op_id: string }> = parse(
  'mutation DemoCancelOp($op_id: String!) { cancel_op(op_id: $op_id) { op_id op_state } }',
);

export interface DemoStateChange {
  seq: number;
  op_id: string;
  state: OpState;
}

/** A pentest's state as the service reports it: each event numbered by `seq`, 1, 2, … per pentest. */
export const DemoStateChangedDocument: TypedDocumentNode<{ pentestStateChanged: DemoStateChange }, { op_id: string }> = parse(
  'subscription DemoStateChanged($op_id: String!) { pentestStateChanged(op_id: $op_id) { seq op_id state } }',
);
