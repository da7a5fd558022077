import { useState } from 'react';
import { GRAPHQL_QUERY_KEY_ROOT, useGraphQLMutation } from '../../src/index.js';
import { DemoAddItemDocument } from './documents.ts';
import { ErrorLine } from './ErrorLine.tsx';

export function AddItemForm() {
  const [title, setTitle] = useState('');
  const addItem = useGraphQLMutation(DemoAddItemDocument, {
    onSuccess: (_data, _variables, _result, { client }) => client.invalidateQueries({ queryKey: [GRAPHQL_QUERY_KEY_ROOT] }),
  });
  return (
    <form
      className="card"
      onSubmit={(event) => {
        event.preventDefault();
        addItem.mutate({ title });
      }}
    >
      <label>
        New item{' '}
        <input
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
          }}
        />
      </label>{' '}
      <button type="submit" disabled={addItem.isPending || title === ''}>
        Add
      </button>
      {addItem.isSuccess && <p data-testid="added">{`Added “${addItem.data.addItem.title}”`}</p>}
      {addItem.error && <ErrorLine error={addItem.error} />}
    </form>
  );
}
