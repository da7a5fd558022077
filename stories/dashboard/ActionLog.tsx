import { useGraphQLInfiniteQuery } from '../../src/index.js';
import { ErrorLine } from '../app/ErrorLine.tsx';
import { ActionLogsPageDocument } from './documents.ts';
import { nextPageNum } from './offset-pages.ts';

export const ACTION_LOG_PAGE_SIZE = 8;

const time = (iso: string) => iso.slice(11, 19);

/** The pentest's action log, newest page last, eight entries per request. */
export function ActionLog({ opId }: { opId: string }) {
  const log = useGraphQLInfiniteQuery(ActionLogsPageDocument, {
    initialPageParam: 1,
    variables: (pageNum) => ({ input: { op_id: opId }, page_input: { page_num: pageNum, page_size: ACTION_LOG_PAGE_SIZE } }),
    getNextPageParam: nextPageNum(ACTION_LOG_PAGE_SIZE, (page) => page.action_logs_page.action_logs),
    staleTime: 60_000,
  });
  if (log.error) return <ErrorLine error={log.error} />;
  if (log.isPending) return <p>Loading the action log…</p>;
  const entries = log.data.pages.flatMap((page) => page.action_logs_page.action_logs);
  return (
    <>
      {entries.length === 0 ? (
        <p>No actions yet: the pentest has not started.</p>
      ) : (
        <ol aria-label="Action log" className="action-log">
          {entries.map((entry, index) => (
            <li key={index} className={entry.exit_code === null || entry.exit_code === 0 ? '' : 'nonzero'}>
              <time>{time(entry.start_time)}</time> <strong>{entry.module_name}</strong> <code>{entry.cmd}</code>
            </li>
          ))}
        </ol>
      )}
      {log.hasNextPage && (
        <button type="button" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage({ cancelRefetch: false })}>
          {log.isFetchingNextPage ? 'Loading…' : 'More entries'}
        </button>
      )}
    </>
  );
}
