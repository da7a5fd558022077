import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { PentestsData } from './shared.js';

// The minimal app's query as GraphQL Code Generator's client preset emits it, for the ids-against-text
// rows: a document node (its default), and with `persistedDocuments: { mode: 'replaceDocumentWithHash' }`
// the id alone. Each app imports its own, so each bundle holds only the one it sends.

type Pentests = TypedDocumentNode<PentestsData, { page_size?: number }>;

/** `query Pentests($page_size: Int) { pentests_page(page_input: { page_size: $page_size }) { pentests { op_id name } } }` */
export const PentestsDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'Pentests' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'page_size' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Int' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'pentests_page' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'page_input' },
                value: {
                  kind: 'ObjectValue',
                  fields: [
                    {
                      kind: 'ObjectField',
                      name: { kind: 'Name', value: 'page_size' },
                      value: { kind: 'Variable', name: { kind: 'Name', value: 'page_size' } },
                    },
                  ],
                },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'pentests' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      { kind: 'Field', name: { kind: 'Name', value: 'op_id' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'name' } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as Pentests;

/** The same operation with `replaceDocumentWithHash`: its id, the hash of the text the preset printed. */
export const PentestsDocumentId = { __meta__: { hash: 'sha256:b656c7d2605d7ab25e03e8cbdea1b0434732621fb3bf689b260eb52f7f0dd330' } } as unknown as Pentests;
