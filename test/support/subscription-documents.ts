import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';

/** One event of the demo's `pentestStateChanged`: `seq` counts the pentest's events from 1. */
export interface StateChange {
  seq: number;
  op_id: string;
  state: string;
}

/** `$op_id: String!` is required: a subscription to it does not compile without variables. */
export const StateChangesDocument = parse(
  'subscription StateChanges($op_id: String!) { pentestStateChanged(op_id: $op_id) { seq op_id state } }',
) as TypedDocumentNode<{ pentestStateChanged: StateChange }, { op_id: string }>;
