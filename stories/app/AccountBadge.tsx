import { useGraphQLQuery } from '../../src/index.js';
import { DemoAccountDocument } from './documents.ts';
import { ErrorLine } from './ErrorLine.tsx';

export function AccountBadge() {
  const { data, error } = useGraphQLQuery(DemoAccountDocument);
  if (error) return <ErrorLine error={error} />;
  return <p data-testid="account">{data ? `Signed in as ${data.session_user_account.name}` : 'Loading account…'}</p>;
}
