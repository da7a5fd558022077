import { useEffect, useState } from 'react';
import { useAuthClient, useGraphQLSubscription } from '../../src/index.js';
import { useDemoServices } from '../demo/demo-context.ts';
import { type DemoStateChange, DemoStateChangedDocument } from './documents.ts';
import { ErrorLine } from './ErrorLine.tsx';

/** The seqs missing between the first and the last received, and those received more than once. */
export function gapsAndRepeats(seqs: readonly number[]): { gaps: number[]; repeats: number[] } {
  const seen = new Set<number>();
  const repeats: number[] = [];
  for (const seq of seqs) {
    if (seen.has(seq)) repeats.push(seq);
    seen.add(seq);
  }
  const gaps: number[] = [];
  const [first] = seqs;
  const last = seqs.at(-1);
  if (first !== undefined && last !== undefined) for (let seq = first; seq <= last; seq += 1) if (!seen.has(seq)) gaps.push(seq);
  return { gaps, repeats };
}

const listed = (seqs: readonly number[]) => (seqs.length === 0 ? 'none' : seqs.map((seq) => `#${String(seq)}`).join(' '));

/**
 * A pentest's state changes as the service publishes them (every `eventIntervalMs`), with the seq of
 * every event received: a gap or a repeat would show. Each move of the subscription to a new token is
 * listed from the client's events.
 */
export function LiveStateFeed({ opId, eventIntervalMs }: { opId: string; eventIntervalMs: number }) {
  const demo = useDemoServices();
  const client = useAuthClient();
  const [seqs, setSeqs] = useState<readonly number[]>([]);
  const [moves, setMoves] = useState<readonly string[]>([]);
  // The service publishes to every open subscription while the demo is shown (the CLI's --event-interval).
  useEffect(() => demo.service().emitEvery(eventIntervalMs), [demo, eventIntervalMs]);
  useEffect(
    () =>
      client.onEvent((event) => {
        if (event.type === 'subscription-renewed') setMoves((previous) => [...previous, `${event.previousTokenTag} → ${event.tokenTag} (${event.reason})`]);
      }),
    [client],
  );
  const { data, error, status } = useGraphQLSubscription(
    DemoStateChangedDocument,
    { op_id: opId },
    {
      // While the subscription moves to a new token both streams deliver for a moment: the seq drops the repeats.
      eventKey: (event) => event.pentestStateChanged.seq,
      onData: ({ pentestStateChanged }: { pentestStateChanged: DemoStateChange }) => {
        setSeqs((previous) => [...previous, pentestStateChanged.seq]);
      },
    },
  );
  if (error) return <ErrorLine error={error} />;
  const { gaps, repeats } = gapsAndRepeats(seqs);
  return (
    <section aria-label="Live state changes">
      <p>
        Subscription <strong data-testid="subscription-status">{status}</strong>, latest state{' '}
        <strong data-testid="latest-state">{data?.pentestStateChanged.state ?? '—'}</strong>
      </p>
      <p>
        Events received: <strong data-testid="event-count">{seqs.length}</strong>, gaps: <strong data-testid="event-gaps">{listed(gaps)}</strong>, repeats:{' '}
        <strong data-testid="event-repeats">{listed(repeats)}</strong>
      </p>
      <p className="event-seqs" data-testid="event-seqs">
        {seqs.join(' ')}
      </p>
      <p>
        Moves to a new token: <strong data-testid="move-count">{moves.length}</strong>
      </p>
      <ol aria-label="Moves">
        {moves.map((move, index) => (
          <li key={index}>{move}</li>
        ))}
      </ol>
    </section>
  );
}
