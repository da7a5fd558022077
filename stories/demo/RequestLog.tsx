import type { LogRow } from './log.ts';
import { useLog } from './use-log.ts';

function note(row: LogRow): string {
  const notes = [row.expired ? 'token expired' : '', row.retried ? 'retried' : ''].filter(Boolean);
  return notes.join(', ');
}

function statusClass(row: LogRow): string {
  if (row.status === 0) return 'pending';
  return row.status < 300 && !row.expired ? 'ok' : 'failed';
}

/** Every /v1/auth and GraphQL call, as the mock services recorded them. */
export function RequestLog() {
  const rows = useLog();
  const start = rows[0]?.time ?? 0;
  const auth = rows.filter((row) => row.kind === 'auth').length;
  const expired = rows.filter((row) => row.expired).length;
  const retried = rows.filter((row) => row.retried).length;
  return (
    <section className="panel request-log" aria-label="Request log">
      <h2>Request log</h2>
      <p data-testid="log-summary">{`${auth} auth · ${rows.length - auth} GraphQL · ${expired} expired · ${retried} retried`}</p>
      <div className="log-scroll">
        <table>
          <thead>
            <tr>
              <th>time</th>
              <th>region</th>
              <th>call</th>
              <th>status</th>
              <th>token</th>
              <th>note</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.key}
                data-testid="log-row"
                data-kind={row.kind}
                data-operation={row.operation}
                data-region={row.region}
                data-status={row.status}
                data-token={row.token}
                data-expired={row.expired}
                data-retried={row.retried}
                className={statusClass(row)}
              >
                <td>{`+${((row.time - start) / 1000).toFixed(3)} s`}</td>
                <td>{row.region}</td>
                <td>{row.kind === 'auth' ? 'POST /v1/auth' : row.operation}</td>
                <td>{row.status === 0 ? '…' : row.status}</td>
                <td>{row.token}</td>
                <td>{note(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
