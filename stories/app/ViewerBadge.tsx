import { useGraphQLQuery } from '../../src/index.js';
import { DemoViewerDocument } from './documents.ts';
import { ErrorLine } from './ErrorLine.tsx';

export function ViewerBadge() {
  const { data, error } = useGraphQLQuery(DemoViewerDocument);
  if (error) return <ErrorLine error={error} />;
  return <p data-testid="viewer">{data ? `Signed in as ${data.viewer.name}` : 'Loading viewer…'}</p>;
}
