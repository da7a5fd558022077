import { useAuth, useGraphQLMutation, useGraphQLQuery } from '../../src/index.js';
import { AddItemDocument, ItemsDocument } from './documents.js';

/** Shows the first items' titles, or the error's name and message. */
export function ItemList({ first = 2, label = 'items' }: { first?: number; label?: string }) {
  const { data, error, isPending } = useGraphQLQuery(ItemsDocument, { first });
  if (error) return <p data-testid={`${label}-error`}>{`${error.name}: ${error.message}`}</p>;
  if (isPending) return <p data-testid={`${label}-loading`}>loading</p>;
  return <p data-testid={label}>{data.items.map((item) => item.title).join(', ')}</p>;
}

export function AuthStatus() {
  const { status, error } = useAuth();
  return <p data-testid="auth-status">{error ? `${status}: ${error.name}` : status}</p>;
}

/** Adds one item on each click of "add"; shows the added title or the error. */
export function AddItem() {
  const mutation = useGraphQLMutation(AddItemDocument);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          mutation.mutate({ title: 'written once' });
        }}
      >
        add
      </button>
      {mutation.isSuccess && <p data-testid="added">{mutation.data.addItem.title}</p>}
      {mutation.isError && <p data-testid="failed">{mutation.error.message}</p>}
    </>
  );
}
