import { useGraphQLQuery } from '../../src/index.js';
import { DemoItemsDocument, type DemoItem } from './documents.ts';
import { ErrorLine } from './ErrorLine.tsx';

export function Items({ items }: { items: DemoItem[] }) {
  return (
    <ul aria-label="Items">
      {items.map((item) => (
        <li key={item.id}>{`${item.done ? '☑' : '☐'} ${item.title}`}</li>
      ))}
    </ul>
  );
}

/** The item list with a Refetch button; `refetchIntervalMs` keeps traffic flowing for the timing stories. */
export function ItemList({ first = 10, refetchIntervalMs }: { first?: number; refetchIntervalMs?: number }) {
  const { data, error, isPending, isFetching, refetch } = useGraphQLQuery(
    DemoItemsDocument,
    { first },
    refetchIntervalMs === undefined ? {} : { refetchInterval: refetchIntervalMs },
  );
  return (
    <section className="card">
      <h2>
        Items{' '}
        <button type="button" disabled={isFetching} onClick={() => void refetch()}>
          Refetch
        </button>
      </h2>
      {error ? <ErrorLine error={error} /> : isPending ? <p>Loading items…</p> : <Items items={data.items} />}
    </section>
  );
}
