import { allPages, type AuthClient, type TypedDocumentNode } from 'graphql-jwt-auth-react/core';
import { parse } from 'graphql';

// The CLI guide's "Paginating results" loop (action_logs, a page at a time until an empty page) as
// NDJSON: one action log a line. An export of thousands of rows outlives the token's hour; every
// page goes through the client, which renews the token between pages and re-sends only a page that
// met an expired token, never one already written.

interface ActionLog {
  start_time: string;
  end_time: string | null;
  module_id: string;
  module_name: string;
  cmd: string;
  target_h3_names: string[];
  exit_code: number | null;
}
interface LogsVariables {
  op_id: string;
  page_num: number;
  page_size: number;
}

const ActionLogs = parse(`
  query ActionLogs($op_id: String!, $page_num: Int!, $page_size: Int!) {
    action_logs_page(input: { op_id: $op_id }, page_input: { page_num: $page_num, page_size: $page_size }) {
      action_logs { start_time end_time module_id module_name cmd target_h3_names exit_code }
    }
  }
`) as TypedDocumentNode<{ action_logs_page: { action_logs: ActionLog[] } }, LogsVariables>;

const ActionLogsCount = parse(`
  query ActionLogsCount($op_id: String!) { action_logs_count(input: { op_id: $op_id }) }
`) as TypedDocumentNode<{ action_logs_count: number }, { op_id: string }>;

export interface ExportOptions {
  opId: string;
  /** The CLI reads 100 a page. */
  pageSize?: number;
  /** Where each line goes: process.stdout.write, a file stream's write. */
  write: (line: string) => void;
  /** Told after each page: `12/40 pages, 1200/3960 logs`. */
  onProgress?: (message: string) => void;
  signal?: AbortSignal;
}

/** Writes every action log of a pentest as NDJSON; resolves to how many it wrote. */
export async function exportActionLogs(client: AuthClient, { opId, pageSize = 100, write, onProgress, signal }: ExportOptions): Promise<number> {
  const first = { op_id: opId, page_num: 1, page_size: pageSize };
  let written = 0;
  for await (const page of allPages(client, ActionLogs, first, {
    next: (data, variables) => (data.action_logs_page.action_logs.length === 0 ? null : { ...variables, page_num: variables.page_num + 1 }),
    items: (data) => data.action_logs_page.action_logs,
    total: () => client.request(ActionLogsCount, { op_id: opId }).then((data) => data.action_logs_count),
    signal,
  })) {
    for (const log of page.data.action_logs_page.action_logs) write(`${JSON.stringify(log)}\n`);
    written = page.progress.items;
    const { pages, items, total } = page.progress;
    onProgress?.(`${String(pages)} pages, ${String(items)}/${String(total)} logs`);
  }
  return written;
}
