/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** A pentest's lifecycle, spelled as the CLI compares it. */
export type OpState =
  | 'done'
  | 'ended'
  | 'installation_needed'
  | 'paused'
  | 'processing'
  | 'running'
  | 'scheduled';

export type ExamplePentestsQueryVariables = Exact<{
  page_size?: number | null | undefined;
}>;


export type ExamplePentestsQuery = { pentests_page: { pentests: Array<{ op_id: string, name: string, state: OpState }> } };

export type ExamplePauseOpMutationVariables = Exact<{
  op_id: string;
}>;


export type ExamplePauseOpMutation = { pause_op: { op_id: string, op_state: OpState } | null };


export const ExamplePentestsDocument = {"__meta__":{"hash":"sha256:c2c4ef1ce1170a4ceb7dbbe89907a884e6d034b1f45fd697742b019f427b07cb"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ExamplePentests"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page_size"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pentests_page"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page_input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"page_size"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page_size"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pentests"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"op_id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}}]}}]}}]} as unknown as DocumentNode<ExamplePentestsQuery, ExamplePentestsQueryVariables>;
export const ExamplePauseOpDocument = {"__meta__":{"hash":"sha256:580ae7eaf1b10ec20e138e9e5e35eb722c41041aa9f8095d5c6d95a300adfa41"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ExamplePauseOp"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"op_id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pause_op"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"op_id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"op_id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"op_id"}},{"kind":"Field","name":{"kind":"Name","value":"op_state"}}]}}]}}]} as unknown as DocumentNode<ExamplePauseOpMutation, ExamplePauseOpMutationVariables>;