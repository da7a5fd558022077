import { useState } from 'react';
import { useGraphQLQuery } from '../../src/index.js';
import { DemoPentestsDocument } from './documents.ts';

export const STORM_SIZE = 50;

/** One of the storm's queries: distinct variables, so React Query sends each one. */
function StormCell({ index }: { index: number }) {
  const { data, error } = useGraphQLQuery(DemoPentestsDocument, { page_num: 100 + index });
  const state = error ? 'failed' : data ? 'done' : 'pending';
  return (
    <span className={state} data-testid="storm-cell" data-state={state}>
      {`${index + 1} ${state === 'done' ? '✓' : state === 'failed' ? '✗' : '…'}`}
    </span>
  );
}

export function StormGrid() {
  const [fired, setFired] = useState(false);
  return (
    <section className="card">
      <h2>
        Storm{' '}
        <button
          type="button"
          disabled={fired}
          onClick={() => {
            setFired(true);
          }}
        >
          {`Fire ${STORM_SIZE} queries`}
        </button>
      </h2>
      {fired && (
        <div className="storm-grid">
          {Array.from({ length: STORM_SIZE }, (_, index) => (
            <StormCell key={index} index={index} />
          ))}
        </div>
      )}
    </section>
  );
}
