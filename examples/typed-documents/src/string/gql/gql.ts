/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query ExamplePentests($page_size: Int) {\n    pentests_page(page_input: { page_size: $page_size }) {\n      pentests {\n        op_id\n        name\n        state\n      }\n    }\n  }\n": typeof types.ExamplePentestsDocument,
    "\n  mutation ExamplePauseOp($op_id: String!) {\n    pause_op(op_id: $op_id) {\n      op_id\n      op_state\n    }\n  }\n": typeof types.ExamplePauseOpDocument,
};
const documents: Documents = {
    "\n  query ExamplePentests($page_size: Int) {\n    pentests_page(page_input: { page_size: $page_size }) {\n      pentests {\n        op_id\n        name\n        state\n      }\n    }\n  }\n": types.ExamplePentestsDocument,
    "\n  mutation ExamplePauseOp($op_id: String!) {\n    pause_op(op_id: $op_id) {\n      op_id\n      op_state\n    }\n  }\n": types.ExamplePauseOpDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ExamplePentests($page_size: Int) {\n    pentests_page(page_input: { page_size: $page_size }) {\n      pentests {\n        op_id\n        name\n        state\n      }\n    }\n  }\n"): typeof import('./graphql').ExamplePentestsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ExamplePauseOp($op_id: String!) {\n    pause_op(op_id: $op_id) {\n      op_id\n      op_state\n    }\n  }\n"): typeof import('./graphql').ExamplePauseOpDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
