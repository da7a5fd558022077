/**
 * The trusted-documents rows (issue 49): a list of 1,000 operations as the client preset writes it
 * (`persisted-documents.json`, each text under `sha256:` and its hash), the bench's proxied query
 * among them, for the proxy given a list against the proxy without one.
 */
import { createHash } from 'node:crypto';

/** The text every proxy row sends (bench/scenarios/server.ts's body). */
export const PROXIED_QUERY = 'query Pentests($page_num: Int!) { pentests_page(page_input: { page_num: $page_num, page_size: 1 }) { pentests { op_id name } } }';

export const LISTED_OPERATIONS = 1_000;

/** The preset's id for a text. */
export const idOf = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

/** The proxied query and 999 others of the same shape, id → text; the proxied one in the middle, as any one of an app's. */
export function operationList(): Record<string, string> {
  const texts = Array.from({ length: LISTED_OPERATIONS - 1 }, (_, i) => {
    return `query Listed${i}($page_num: Int!) { pentests_page(page_input: { page_num: $page_num, page_size: ${(i % 50) + 1} }) { pentests { op_id name state } } }`;
  });
  texts.splice(texts.length / 2, 0, PROXIED_QUERY);
  return Object.fromEntries(texts.map((text) => [idOf(text), text]));
}
