import { describe, expectTypeOf, it } from 'vitest';
import {
  allPages,
  type AuthClient,
  type CoreAuthClient,
  type Page,
  refetchUntil,
  type SubscribeFunction,
  useGraphQLQuery,
  watchOperation,
} from 'graphql-jwt-auth-react';
import { PentestDocument, type PentestRow, PentestsPageDocument, type PentestsPage } from '../support/documents.js';
import type { PageInput } from '../support/mock-service.js';

declare const client: AuthClient;
declare const coreClient: CoreAuthClient;

describe('work that outlives a token', () => {
  it('watchOperation yields the document’s data, and its variables are the document’s', () => {
    const watch = watchOperation(client, PentestDocument, { op_id: 'x' }, { until: (data) => data.pentest?.state === 'done', intervalMs: 1000 });
    expectTypeOf(watch).toEqualTypeOf<AsyncGenerator<{ pentest: PentestRow | null }, void, undefined>>();
    // @ts-expect-error: op_id is a string
    void watchOperation(client, PentestDocument, { op_id: 1 }, { until: () => true, intervalMs: 1000 });
  });

  it('allPages yields pages whose next is the variables or null, as next returns them', () => {
    const pages = allPages(
      client,
      PentestsPageDocument,
      { page_input: { page_num: 1 } },
      { next: (data, variables) => (data.pentests_page.pentests.length > 0 ? variables : null) },
    );
    expectTypeOf(pages).toEqualTypeOf<AsyncGenerator<Page<PentestsPage, { page_input?: PageInput | null }>, void, undefined>>();
    // @ts-expect-error: next must return the document's variables
    void allPages(client, PentestsPageDocument, {}, { next: () => ({ page: 2 }) });
  });

  it('client.watch and client.pages infer as the functions do, and a CoreAuthClient is an AuthClient', () => {
    expectTypeOf(coreClient.watch(PentestDocument, { op_id: 'x' }, { until: () => true, intervalMs: 1000 })).toEqualTypeOf<
      AsyncGenerator<{ pentest: PentestRow | null }, void, undefined>
    >();
    expectTypeOf(coreClient.pages(PentestsPageDocument, {}, { next: () => null })).toEqualTypeOf<
      AsyncGenerator<Page<PentestsPage, { page_input?: PageInput | null }>, void, undefined>
    >();
    // @ts-expect-error: op_id is a string
    void coreClient.watch(PentestDocument, { op_id: 1 }, { until: () => true, intervalMs: 1000 });
    // @ts-expect-error: next must return the document's variables
    void coreClient.pages(PentestsPageDocument, {}, { next: () => ({ page: 2 }) });
    expectTypeOf(coreClient).toExtend<AuthClient>();
  });

  it('subscribe: always on a CoreAuthClient, possibly absent on a plain AuthClient (a provider’s without the option)', () => {
    expectTypeOf(coreClient.subscribe).toEqualTypeOf<SubscribeFunction>();
    expectTypeOf(client.subscribe).toEqualTypeOf<SubscribeFunction | undefined>();
    // @ts-expect-error: a provider's client may have no subscribe: the hooks subscribe for it
    void client.subscribe(PentestDocument, { op_id: 'x' }, { onData: () => undefined });
  });

  it('refetchUntil takes the query’s data type from where it is spread', () => {
    function Component() {
      useGraphQLQuery(
        PentestDocument,
        { op_id: 'x' },
        refetchUntil({
          until: (data) => {
            expectTypeOf(data).toEqualTypeOf<{ pentest: PentestRow | null }>();
            return data.pentest?.state === 'done';
          },
          intervalMs: 1000,
        }),
      );
      return null;
    }
    expectTypeOf(Component).toBeFunction();
  });
});
