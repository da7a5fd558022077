import { createAuthClient } from '../../src/index.js';
import { ItemsDocument } from '../support/documents.js';
import type { ContenderKind } from './contender.js';

export const ours: ContenderKind = {
  name: 'graphql-jwt-auth-react',
  create({ baseUrl, apiKey, now }) {
    const client = createAuthClient({ apiKey, region: 'bench', regions: { bench: baseUrl }, now });
    return {
      items: (first) => client.request(ItemsDocument, { first }),
      dispose: () => {
        client.dispose();
      },
    };
  },
};
