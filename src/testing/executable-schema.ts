import type { MockEvent } from './event-topics.ts';
import { buildSchema, type GraphQLResolveInfo, GraphQLObjectType, type GraphQLSchema } from 'graphql';

/** What a resolver is handed as its third argument: which region answers, and for whom. */
export interface MockContext {
  readonly region: string;
  /** The `sub` claim of the token the request presented. */
  readonly subject: string;
  /**
   * Which of the region's keys the token was issued for: 1 for the first configured, 2 for the second,
   * and so on (an added key comes next; a removed one keeps its number). Never the key itself: give
   * each key data of its own by it.
   */
  readonly keyNumber: number;
  /** The service clock, in ms (the `now` option). */
  readonly now: () => number;
  /**
   * The events published on `topic` in this region (`service.publish(topic)`) from now on, each
   * with its `seq`: what a Subscription field's `subscribe` returns.
   */
  readonly events: (topic: string) => AsyncIterableIterator<MockEvent>;
}

/** `never` parent and args, so a resolver may declare the shapes it expects (graphql-js checked the args). */
export type FieldResolver = (parent: never, args: never, context: MockContext, info: GraphQLResolveInfo) => unknown;

/** A Subscription field: where its events come from (`context.events(topic)`), and how each is answered (default: as is). */
export interface SubscriptionResolver {
  readonly subscribe: (parent: never, args: never, context: MockContext, info: GraphQLResolveInfo) => AsyncIterable<unknown>;
  readonly resolve?: FieldResolver;
}

/** `{ TypeName: { fieldName: resolver } }`, as graphql-tools takes them (no custom scalars); a Subscription field's is `{ subscribe, resolve? }`. */
export type Resolvers = Readonly<Record<string, Readonly<Record<string, FieldResolver | SubscriptionResolver>>>>;

/** The GraphQL side of the service: an executable schema, or SDL and resolvers for it. */
export type MockSchema = { readonly schema: GraphQLSchema; readonly rootValue?: unknown } | { readonly typeDefs: string; readonly resolvers: Resolvers };

/**
 * Builds the SDL and sets each resolver on its field. A type or field the SDL lacks throws here,
 * at set-up, rather than leaving a resolver silently unused.
 */
export function executableSchema(source: MockSchema): { schema: GraphQLSchema; rootValue: unknown } {
  if ('schema' in source) return { schema: source.schema, rootValue: source.rootValue };
  const schema = buildSchema(source.typeDefs);
  for (const [typeName, fields] of Object.entries(source.resolvers)) {
    const type = schema.getType(typeName);
    if (!(type instanceof GraphQLObjectType)) throw new TypeError(`resolvers.${typeName}: the typeDefs have no object type "${typeName}"`);
    const defined = type.getFields();
    for (const [fieldName, resolve] of Object.entries(fields)) {
      const field = defined[fieldName];
      if (field === undefined) throw new TypeError(`resolvers.${typeName}.${fieldName}: "${typeName}" has no field "${fieldName}"`);
      if (typeof resolve === 'function') {
        field.resolve = resolve as NonNullable<typeof field.resolve>;
      } else {
        field.subscribe = resolve.subscribe as NonNullable<typeof field.subscribe>;
        // The event is the field's value unless said otherwise (graphql-js would read event[fieldName]).
        field.resolve = (resolve.resolve ?? ((event: unknown) => event)) as NonNullable<typeof field.resolve>;
      }
    }
  }
  return { schema, rootValue: undefined };
}
