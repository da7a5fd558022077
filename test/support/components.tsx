import { useState } from 'react';
import { useAuth, useGraphQLMutation, useGraphQLQuery } from '../../src/index.js';
import { PauseOpDocument, PentestsDocument, runningOpId } from './documents.js';

/** Shows the first pentests' names, or the error's name and message. */
export function PentestList({ pageSize = 2, label = 'pentests' }: { pageSize?: number; label?: string }) {
  const { data, error, isPending } = useGraphQLQuery(PentestsDocument, { page_size: pageSize });
  if (error) return <p data-testid={`${label}-error`}>{`${error.name}: ${error.message}`}</p>;
  if (isPending) return <p data-testid={`${label}-loading`}>loading</p>;
  return <p data-testid={label}>{data.pentests_page.pentests.map((pentest) => pentest.name).join(', ')}</p>;
}

export function AuthStatus() {
  const { status, error } = useAuth();
  return <p data-testid="auth-status">{error ? `${status}: ${error.name}` : status}</p>;
}

/** Each click pauses the next running pentest, so no click repeats another's mutation. */
export function PauseNext() {
  const [clicks, setClicks] = useState(0);
  const mutation = useGraphQLMutation(PauseOpDocument);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          mutation.mutate({ op_id: runningOpId('us', clicks) });
          setClicks(clicks + 1);
        }}
      >
        pause
      </button>
      {mutation.isSuccess && <p data-testid="paused">{mutation.data.pause_op?.op_id}</p>}
      {mutation.isError && <p data-testid="failed">{mutation.error.message}</p>}
    </>
  );
}
