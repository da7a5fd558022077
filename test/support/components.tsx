import { useAuth, useGraphQLQuery } from '../../src/index.js';
import { PentestsDocument } from './documents.js';

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
