// Stands in for the documents GraphQL Code Generator writes (see examples/typed-documents).
import type { TypedDocumentNode } from 'graphql-jwt-auth-react';
import { parse } from 'graphql';

export const PentestsDocument: TypedDocumentNode<
  { pentests_page: { pentests: { op_id: string; name: string; state: string }[] } },
  { page_num?: number; page_size?: number; text_search?: string }
> = parse(`query Pentests($page_num: Int, $page_size: Int, $text_search: String) {
  pentests_page(page_input: { page_num: $page_num, page_size: $page_size, text_search: $text_search }) {
    pentests { op_id name state }
  }
}`);
export const PauseOpDocument: TypedDocumentNode<{ pause_op: { op_id: string; op_state: string } | null }, { op_id: string }> = parse(
  'mutation PauseOp($op_id: String!) { pause_op(op_id: $op_id) { op_id op_state } }',
);
export const PentestDocument: TypedDocumentNode<{ pentest: { op_id: string; name: string; state: string } | null }, { op_id: string }> = parse(
  'query Pentest($op_id: String!) { pentest(op_id: $op_id) { op_id name state } }',
);
