import { createAuthClient } from '../../src/index.js';
import { PentestsDocument } from '../support/documents.js';
import type { ContenderKind } from './contender.js';

export const ours: ContenderKind = {
  name: 'graphql-jwt-auth-react',
  create({ baseUrl, apiKey, now, fetch }) {
    const client = createAuthClient({ apiKey, region: 'bench', regions: { bench: baseUrl }, now, ...(fetch ? { fetch } : {}) });
    return {
      pentests: (first) => client.request(PentestsDocument, { page_num: first }),
      dispose: () => {
        client.dispose();
      },
    };
  },
};
