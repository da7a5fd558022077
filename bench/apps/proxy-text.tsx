// The minimal app in BFF mode sending text: the preset's document node, printed.
import { graphqlProxy } from 'graphql-jwt-auth-react';
import { renderProxyApp } from './proxy-app.js';
import { PentestsDocument } from './proxy-documents.js';

renderProxyApp(graphqlProxy('/api/graphql'), PentestsDocument);
