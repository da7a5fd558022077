/**
 * The mock service, written once as a fetch-standard handler: served over a socket in Node
 * (`./node/serve.ts`, `npm run mock-service`) and inside the browser through MSW (the demos).
 */
export { base64urlDecode, base64urlEncode } from './base64url.ts';
export { CORS_HEADERS, isPreflight, preflightResponse, withCors } from './cors.ts';
export { decodeJwt, signJwt, verifyJwt, type JwtClaims } from './jwt.ts';
export {
  createMockService,
  EXPIRED_BODY,
  type AuthCall,
  type AuthFailure,
  type GraphQLCall,
  type GraphQLFailure,
  type MockService,
  type MockServiceOptions,
} from './mock-service.ts';
export {
  createDemoApi,
  DEMO_SDL,
  demoSchema,
  parseGraphQLParams,
  SEED_ITEM_COUNT,
  type DemoApi,
  type DemoRootValue,
  type DemoStore,
  type GraphQLParams,
  type Item,
  type Viewer,
} from './schema.ts';
export { statusText } from './status-text.ts';
