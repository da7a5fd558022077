import { Suspense } from 'react';
import { useGraphQLSuspenseQuery } from '../../src/index.js';
import { DemoItemsDocument } from './documents.ts';
import { Items } from './ItemList.tsx';

function SuspendingItems() {
  const { data } = useGraphQLSuspenseQuery(DemoItemsDocument, { first: 5 });
  return <Items items={data.items} />;
}

export function SuspenseItems() {
  return (
    <section className="card">
      <h2>Items (Suspense)</h2>
      <Suspense fallback={<p data-testid="suspense-fallback">Suspense fallback: waiting for a token and the items…</p>}>
        <SuspendingItems />
      </Suspense>
    </section>
  );
}
