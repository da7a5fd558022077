'use client';

import { useGraphQLQuery } from 'graphql-jwt-auth-react';
import { ItemsDocument, ViewerDocument } from '@/lib/documents';

/** The same component in every mode: the hooks do not know where the token comes from. */
export function ViewerAndItems() {
  const viewer = useGraphQLQuery(ViewerDocument);
  const items = useGraphQLQuery(ItemsDocument, { first: 3 });
  const error = viewer.error ?? items.error;
  return (
    <section>
      {error ? (
        <p className="error" data-testid="error">
          {error.name}: {error.message}
        </p>
      ) : null}
      {viewer.data && items.data ? (
        <div data-testid="data" data-updated-at={Math.min(viewer.dataUpdatedAt, items.dataUpdatedAt)}>
          <p data-testid="viewer">
            Signed in to the service as {viewer.data.viewer.name}, region {viewer.data.viewer.region}
          </p>
          <ul data-testid="items">
            {items.data.items.map((item) => (
              <li key={item.id} data-done={item.done}>
                {item.title}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p data-testid="loading">Loading…</p>
      )}
      <button
        type="button"
        data-testid="refetch"
        onClick={() => {
          void viewer.refetch();
          void items.refetch();
        }}
      >
        Refetch
      </button>
    </section>
  );
}
