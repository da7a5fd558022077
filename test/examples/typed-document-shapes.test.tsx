import { fireEvent, screen, within } from '@testing-library/react';
import { print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { type AuthEvent, type GraphQLDocument, graphqlQueryKey, useGraphQLInfiniteQuery, useGraphQLMutation, useGraphQLQuery } from 'graphql-jwt-auth-react';
import type { ExamplePauseOpMutation, ExamplePentestsQuery } from '../../examples/typed-documents/src/gql/graphql.js';
import * as node from '../../examples/typed-documents/src/pentests.js';
import * as persisted from '../../examples/typed-documents/src/persisted/pentests.js';
import * as persistedString from '../../examples/typed-documents/src/persisted-string/pentests.js';
import * as string from '../../examples/typed-documents/src/string/pentests.js';
import * as tada from '../../examples/typed-documents/src/tada/pentests.js';
import { clientFor, startService } from '../support/fixtures.js';
import { createPentestStore } from '../support/mock-service.js';
import { renderWithAuth } from '../support/render.js';

interface Documents {
  ExamplePentestsQuery: GraphQLDocument<ExamplePentestsQuery, { page_size?: number | null }>;
  ExamplePauseOpMutation: GraphQLDocument<ExamplePauseOpMutation, { op_id: string }>;
}

/** The text each shape carries: a TypedDocumentString is its text; a document node is printed, as graphql-js prints it. */
const textOf = (document: Documents[keyof Documents]) => (document instanceof String ? String(document) : print(document as Parameters<typeof print>[0]));

const shapes: Array<[string, Documents]> = [
  ['TypedDocumentNode (the client preset)', node],
  ["TypedDocumentString (the client preset's documentMode: 'string')", string],
  ['TypedDocumentNode with a persisted id (persistedDocuments)', persisted],
  ['TypedDocumentString with a persisted id (persistedDocuments)', persistedString],
  ["gql.tada's TadaDocumentNode", tada],
];

function Pentests({ documents }: { documents: Documents }) {
  const list = useGraphQLQuery(documents.ExamplePentestsQuery, { page_size: 2 });
  const pages = useGraphQLInfiniteQuery(documents.ExamplePentestsQuery, {
    initialPageParam: 1,
    variables: (size) => ({ page_size: size }),
    getNextPageParam: () => undefined,
  });
  const pauseOp = useGraphQLMutation(documents.ExamplePauseOpMutation);
  if (list.data === undefined || pages.data === undefined) return <p>Loading…</p>;
  return (
    <>
      <ul aria-label="pentests">
        {list.data.pentests_page.pentests.map((pentest) => (
          <li key={pentest.op_id}>{pentest.name}</li>
        ))}
      </ul>
      <p aria-label="first page">{pages.data.pages[0]?.pentests_page.pentests.length}</p>
      <button
        type="button"
        onClick={() => {
          pauseOp.mutate({ op_id: list.data.pentests_page.pentests[0]!.op_id });
        }}
      >
        Pause
      </button>
      {pauseOp.data?.pause_op && <p aria-label="paused">{pauseOp.data.pause_op.op_state}</p>}
    </>
  );
}

describe.each(shapes)('%s', (_shape, documents) => {
  it('runs through useGraphQLQuery, useGraphQLInfiniteQuery and useGraphQLMutation against the mock service', async () => {
    const running = await startService();
    renderWithAuth(<Pentests documents={documents} />, running);

    const list = await screen.findByRole('list', { name: 'pentests' });
    const [first, second] = createPentestStore('us').pentests;
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([first!.name, second!.name]);
    expect(screen.getByLabelText('first page').textContent).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect((await screen.findByLabelText('paused')).textContent).toBe('paused');
    expect(running.service.appliedMutations).toBe(1);
    // One list, one page (StrictMode shares the queries), one mutation.
    expect(running.service.graphqlCalls.map((call) => call.operationName).sort()).toEqual(['ExamplePauseOp', 'ExamplePentests', 'ExamplePentests']);
  });

  it("client.request sends the document's text, its name and the variables, and tells a mutation from a query", async () => {
    const running = await startService();
    const client = clientFor(running);
    const events: AuthEvent[] = [];
    client.onEvent((event) => events.push(event));

    const { pentests_page } = await client.request(documents.ExamplePentestsQuery, { page_size: 1 });
    expect(pentests_page.pentests.map((pentest) => pentest.op_id)).toEqual([createPentestStore('us').pentests[0]!.op_id]);
    const { pause_op } = await client.request(documents.ExamplePauseOpMutation, { op_id: pentests_page.pentests[0]!.op_id });
    expect(pause_op?.op_state).toBe('paused');

    expect(running.service.graphqlCalls.map((call) => JSON.parse(call.body) as unknown)).toEqual([
      { query: textOf(documents.ExamplePentestsQuery), variables: { page_size: 1 }, operationName: 'ExamplePentests' },
      { query: textOf(documents.ExamplePauseOpMutation), variables: { op_id: pentests_page.pentests[0]!.op_id }, operationName: 'ExamplePauseOp' },
    ]);
    expect(events.flatMap((event) => (event.type === 'operation' ? [[event.operationName, event.kind]] : []))).toEqual([
      ['ExamplePentests', 'query'],
      ['ExamplePauseOp', 'mutation'],
    ]);
  });

  it("keys the operation by its name and its text's hash", () => {
    const [, , operation] = graphqlQueryKey(documents.ExamplePentestsQuery);
    expect(operation).toMatch(/^ExamplePentests:\w+$/);
    // The same text keys the same, whatever shape carries it.
    expect(graphqlQueryKey(textOf(documents.ExamplePentestsQuery))).toEqual(graphqlQueryKey(documents.ExamplePentestsQuery));
  });
});
