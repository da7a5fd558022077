/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
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

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}

export const ExamplePentestsDocument = new TypedDocumentString(`
    query ExamplePentests($page_size: Int) {
  pentests_page(page_input: {page_size: $page_size}) {
    pentests {
      op_id
      name
      state
    }
  }
}
    `) as unknown as TypedDocumentString<ExamplePentestsQuery, ExamplePentestsQueryVariables>;
export const ExamplePauseOpDocument = new TypedDocumentString(`
    mutation ExamplePauseOp($op_id: String!) {
  pause_op(op_id: $op_id) {
    op_id
    op_state
  }
}
    `) as unknown as TypedDocumentString<ExamplePauseOpMutation, ExamplePauseOpMutationVariables>;