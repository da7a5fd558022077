import { buildSchema, getOperationAST, parse, type GraphQLSchema } from 'graphql';
import { createPentestApi, type PentestRootValue, type PentestStore } from './pentest/api.ts';
import { PENTEST_SDL } from './pentest/schema.ts';

// The viewer/items/addItem fields ride on the pentest schema until every story and test is ported.
export const DEMO_SDL = /* GraphQL */ `${PENTEST_SDL}
  extend type Query {
    viewer: Viewer!
    items(first: Int = 10): [Item!]!
    item(id: ID!): Item
  }

  type Viewer {
    id: ID!
    name: String!
    region: String!
  }

  type Item {
    id: ID!
    title: String!
    done: Boolean!
    region: String!
  }

  extend type Mutation {
    addItem(title: String!): Item!
  }
`;

/** The schema is pure type information, so every region's store shares one instance. */
export const demoSchema: GraphQLSchema = buildSchema(DEMO_SDL);

export interface Viewer {
  id: string;
  name: string;
  region: string;
}

export interface Item {
  id: string;
  title: string;
  done: boolean;
  region: string;
}

export interface DemoStore {
  readonly region: string;
  readonly viewer: Viewer;
  readonly items: Item[];
  readonly pentest: PentestStore;
}

/** Root resolvers in the shape graphql-js calls them with buildSchema: (args, context, info). */
export interface DemoRootValue extends PentestRootValue {
  viewer(): Viewer;
  items(args: { first: number | null }): Item[];
  item(args: { id: string }): Item | null;
  addItem(args: { title: string }): Item;
}

export interface DemoApi {
  readonly schema: GraphQLSchema;
  readonly rootValue: DemoRootValue;
  readonly store: DemoStore;
}

export const SEED_ITEM_COUNT = 5;

/**
 * One region's data store plus the resolvers over it.
 */
export function createDemoApi(region: string, now?: () => number): DemoApi {
  const pentest = createPentestApi(region, now === undefined ? {} : { now });
  const store: DemoStore = {
    pentest: pentest.store,
    region,
    viewer: { id: `viewer-${region}`, name: `Viewer (${region})`, region },
    items: Array.from({ length: SEED_ITEM_COUNT }, (_, index) => ({
      id: `${region}-${index + 1}`,
      title: `${region} item ${index + 1}`,
      // Some done, some not, so clients can see the field is real data.
      done: index % 2 === 1,
      region,
    })),
  };

  const rootValue: DemoRootValue = {
    ...pentest.rootValue,
    viewer: () => store.viewer,
    // An explicit `first: null` overrides the SDL default, so treat it as "no limit given".
    items: ({ first }) => store.items.slice(0, Math.max(0, first ?? 10)),
    item: ({ id }) => store.items.find((item) => item.id === id) ?? null,
    addItem: ({ title }) => {
      const item: Item = { id: `${region}-${store.items.length + 1}`, title, done: false, region };
      store.items.push(item);
      return item;
    },
  };

  return { schema: demoSchema, rootValue, store };
}

export interface GraphQLParams {
  query: string;
  variables: Record<string, unknown> | null;
  /** As sent, or else the name of the document's only operation: clients may omit it. */
  operationName: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** GraphQL-over-HTTP POST body. Returns an error message, since a bad body is an ordinary 400. */
export function parseGraphQLParams(body: string): GraphQLParams | string {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return 'Request body must be JSON';
  }
  if (!isRecord(value) || typeof value.query !== 'string') return 'Request body needs a string "query"';
  const { query, variables = null, operationName = null } = value;
  if (variables !== null && !isRecord(variables)) return '"variables" must be an object';
  if (operationName !== null && typeof operationName !== 'string') return '"operationName" must be a string';
  return { query, variables, operationName: operationName ?? soleOperationName(query) };
}

function soleOperationName(query: string): string | null {
  try {
    return getOperationAST(parse(query))?.name?.value ?? null;
  } catch {
    return null;
  }
}
