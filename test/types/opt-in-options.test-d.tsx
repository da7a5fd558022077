import { expectTypeOf } from 'vitest';
import {
  AuthProvider,
  type AuthClientOptions,
  type AuthConfigError,
  type GraphQLUrlMismatchError,
  authDevtools,
  autoRegion,
  createAuthClient,
  graphqlProxy,
  sessionPersistence,
  tabSync,
  tokenEndpoint,
} from '../../src/index.js';

// The opt-in options take only what their factories return, so the 0.1 shapes do not compile.
const regions = { us: 'https://api.example.com' };

export function optInShapes() {
  createAuthClient({ apiKey: 'k', region: autoRegion(), regions, tabSync: tabSync('app'), persist: sessionPersistence(), devtools: authDevtools() });
  createAuthClient({ tokenEndpoint: tokenEndpoint('/api/token'), regions });
  createAuthClient({ graphqlProxy: graphqlProxy('/api/graphql') });
  createAuthClient({ apiKey: 'k', region: 'us', persist: sessionPersistence({ storage: localStorage, key: 'mine' }) });

  // @ts-expect-error a channel name alone is the 0.1 shape: tabSync('app')
  createAuthClient({ apiKey: 'k', region: 'us', tabSync: 'app' });
  // @ts-expect-error persist: true is the 0.1 shape: sessionPersistence()
  createAuthClient({ apiKey: 'k', region: 'us', persist: true });
  // @ts-expect-error a storage object is the 0.1 shape: sessionPersistence({ storage })
  createAuthClient({ apiKey: 'k', region: 'us', persist: { storage: localStorage } });
  // @ts-expect-error a URL is the 0.1 shape: tokenEndpoint(url)
  createAuthClient({ tokenEndpoint: '/api/token' });
  // @ts-expect-error a URL is the 0.1 shape: graphqlProxy(url)
  createAuthClient({ graphqlProxy: '/api/graphql' });
  // @ts-expect-error one factory's value is not another's option
  createAuthClient({ tokenEndpoint: graphqlProxy('/api/graphql') });
}

expectTypeOf<AuthClientOptions['region']>().toEqualTypeOf<string | ReturnType<typeof autoRegion> | false | null | undefined>();

// Off is false, null or undefined, as React code writes it: `persist={rememberMe && sessionPersistence()}`.
export function offAsReactWritesIt(rememberMe: boolean, shareTabs: boolean, inspect: boolean, proxied: boolean) {
  createAuthClient({
    apiKey: 'k',
    region: 'us',
    persist: rememberMe && sessionPersistence(),
    tabSync: shareTabs ? tabSync('app') : null,
    devtools: inspect && authDevtools(),
  });
  // One mode at a time: the compiler cannot tell that `proxied && …` and `!proxied && …` never both hold.
  createAuthClient(proxied ? { graphqlProxy: graphqlProxy('/api/graphql') } : { tokenEndpoint: tokenEndpoint('/api/token') });
  // @ts-expect-error two modes, even when only one is on at run time
  createAuthClient({ graphqlProxy: proxied && graphqlProxy('/api/graphql'), tokenEndpoint: !proxied && tokenEndpoint('/api/token') });
  createAuthClient({ apiKey: 'k', region: rememberMe && autoRegion() });
  // @ts-expect-error true is not off: the factory's value or a falsy one
  createAuthClient({ apiKey: 'k', region: 'us', tabSync: true });
  return <AuthProvider apiKey="k" region="us" persist={rememberMe && sessionPersistence()} tabSync={shareTabs && tabSync('app')} />;
}

export const providers = () => [
  <AuthProvider key="tabs" apiKey="k" region="us" tabSync={tabSync('app')} persist={sessionPersistence()} />,
  // @ts-expect-error the provider's props are the client's options
  <AuthProvider key="old" apiKey="k" region="us" tabSync="app" />,
];

// Token-endpoint mode needs no regions (the endpoint says where its tokens go); a disagreement is a configuration error.
export const tokenEndpointWithoutRegions = () => <AuthProvider tokenEndpoint={tokenEndpoint('/api/token')} />;
expectTypeOf<GraphQLUrlMismatchError>().toExtend<AuthConfigError>();
expectTypeOf<Pick<GraphQLUrlMismatchError, 'tokenEndpoint' | 'region' | 'endpointUrl' | 'configuredUrl'>>().toEqualTypeOf<{
  readonly tokenEndpoint: string;
  readonly region: string;
  readonly endpointUrl: string;
  readonly configuredUrl: string;
}>();
