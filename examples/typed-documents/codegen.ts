import type { CodegenConfig } from '@graphql-codegen/cli';

// `npm run codegen` (from the repository root). schema.graphql is the mock service's schema, kept
// equal to it by test/examples/typed-documents.test.tsx, which also checks that this output is current.
// One output per shape of document the client preset makes: document nodes (its default), strings
// (`documentMode: 'string'`, GraphQL Code Generator's React Query guide), and each with a persisted id.
const typings = { useTypeImports: true, enumsAsTypes: true };

const config: CodegenConfig = {
  schema: 'examples/typed-documents/schema.graphql',
  ignoreNoDocuments: false,
  generates: {
    'examples/typed-documents/src/gql/': {
      documents: ['examples/typed-documents/src/*.tsx'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: typings,
    },
    'examples/typed-documents/src/string/gql/': {
      documents: ['examples/typed-documents/src/string/*.ts'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { ...typings, documentMode: 'string' },
    },
    // `persistedDocuments` adds each operation's hash (`__meta__.hash`) and writes the list of them,
    // persisted-documents.json (hash → text), for a server to hold.
    'examples/typed-documents/src/persisted/gql/': {
      documents: ['examples/typed-documents/src/persisted/*.ts'],
      preset: 'client',
      presetConfig: { fragmentMasking: false, persistedDocuments: true },
      config: typings,
    },
    'examples/typed-documents/src/persisted-string/gql/': {
      documents: ['examples/typed-documents/src/persisted-string/*.ts'],
      preset: 'client',
      presetConfig: { fragmentMasking: false, persistedDocuments: true },
      config: { ...typings, documentMode: 'string' },
    },
  },
};

export default config;
