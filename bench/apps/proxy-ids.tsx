// The minimal app in BFF mode sending ids: the preset's replaceDocumentWithHash document, the id alone.
import { graphqlProxy } from 'graphql-jwt-auth-react';
import { renderProxyApp } from './proxy-app.js';
import { PentestsDocumentId } from './proxy-documents.js';

renderProxyApp(graphqlProxy('/api/graphql', { sendDocumentIds: true }), PentestsDocumentId);
