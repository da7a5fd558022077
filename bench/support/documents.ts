import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';

export interface PentestsData {
  pentests_page: { pentests: { op_id: string; name: string }[] };
}

/** Every contender runs this one operation; `page_num` differs per operation so no client can dedupe them. */
export const PentestsDocument = parse(
  'query Pentests($page_num: Int!) { pentests_page(page_input: { page_num: $page_num, page_size: 1 }) { pentests { op_id name } } }',
) as TypedDocumentNode<PentestsData, { page_num: number }>;
