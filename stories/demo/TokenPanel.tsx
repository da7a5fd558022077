import { useEffect, useState } from 'react';
import { useAuth } from '../../src/index.js';
import { useClock } from './demo-context.ts';
import { tokenLabel } from './log.ts';

function useNow(intervalMs: number): number {
  const clock = useClock();
  const [now, setNow] = useState(clock);
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(clock());
    }, intervalMs);
    return () => {
      clearInterval(timer);
    };
  }, [clock, intervalMs]);
  return now;
}

/** What `useAuth()` says: status, which token, how long it has left, the last error. */
export function TokenPanel() {
  const { status, token, expiresAt, region, error } = useAuth();
  const now = useNow(200);
  const left = expiresAt === null ? null : Math.max(0, (expiresAt - now) / 1000);
  return (
    <section className="panel token-panel" aria-label="Token panel">
      <h2>Token (useAuth)</h2>
      <dl>
        <dt>status</dt>
        <dd data-testid="auth-status" className={`status-${status}`}>
          {status}
        </dd>
        <dt>token</dt>
        <dd data-testid="auth-token">{tokenLabel(token)}</dd>
        <dt>region</dt>
        <dd data-testid="auth-region">{region ?? '—'}</dd>
        <dt>expires in</dt>
        <dd data-testid="auth-expiry">{left === null ? '—' : `${left.toFixed(1)} s`}</dd>
        <dt>last error</dt>
        <dd data-testid="auth-error">{error === null ? '—' : `${error.name}: ${error.message}`}</dd>
      </dl>
    </section>
  );
}
