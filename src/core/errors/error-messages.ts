/**
 * The errors' full messages, by code: what development builds, tests and the server entries say. A
 * production build of an app leaves this module out (error-message.ts reads it behind
 * `process.env.NODE_ENV`), and its errors say the code and the facts only; docs/config-errors.md
 * lists the same messages by code.
 */
export const ERROR_MESSAGES = {
  GJA_AUTH_UNREACHABLE: (authUrl: string) => `Could not reach the auth endpoint ${authUrl}`,
  GJA_AUTH_FAILED: (status: number, detail: string, endpoint?: string, hint?: string) => {
    const failed = `${endpoint === undefined ? 'The auth endpoint' : `${endpoint.charAt(0).toUpperCase()}${endpoint.slice(1)}`} failed (${status}): ${detail}`;
    return hint === undefined ? failed : `${failed}. ${hint}`;
  },
  GJA_SERVER_CREDENTIALS: (status: number, url: string) =>
    `The app's server at ${url} answered that the service refused its credentials (${status}): ` +
    "the server's API key (or the key its credentials resolver gives this tenant) is wrong or revoked. " +
    "Retrying cannot fix it; the server's log names the setting to check",
  GJA_AUTH_REFUSED: (status: number, serverMessage: string, endpoint: string, hint?: string) => {
    const said = `${endpoint.charAt(0).toUpperCase()}${endpoint.slice(1)} refused the request (${status}): ${serverMessage}`;
    return hint === undefined ? said : `${said}. ${hint}`;
  },
  GJA_KEY_REJECTED: () => 'The API key was rejected by the auth endpoint (401)',
  GJA_SIGNED_OUT: () => 'Signed out: call refresh() to authenticate again',
  GJA_TOKEN_EXPIRED: (status: number) => `The GraphQL endpoint answered that the token has expired (${status}), even after re-authenticating`,
  GJA_TOKEN_REFUSED: (status: number) => `The GraphQL endpoint refused the token (${status}), even after re-authenticating`,
  GJA_NOT_GRAPHQL: (status: number) => `The GraphQL endpoint answered ${status} with something that is not a GraphQL result`,
  GJA_GRAPHQL: (status: number, operationName?: string, said?: string, more = 0) => {
    const operation = operationName === undefined ? 'An anonymous GraphQL operation' : `GraphQL operation ${operationName}`;
    if (said === undefined) return `${operation} failed (HTTP ${status}) with no GraphQL errors in the answer; see error.response`;
    const others = more === 0 ? '' : ` (and ${more} more ${more === 1 ? 'error' : 'errors'}; see error.response.errors)`;
    return `${operation} failed (HTTP ${status}): ${said}${others}`;
  },
  GJA_UNKNOWN_REGION: (region: string, known?: string) =>
    known === undefined ? `Unknown region "${region}"` : `Unknown region "${region}"; configured regions: ${known}`,
  GJA_REGION_URLS: (region: string) => `Region "${region}" needs both authUrl and graphqlUrl as non-empty strings`,
  GJA_NO_PROVIDER: (hookName: string) => `${hookName} must be used inside <AuthProvider>`,
  GJA_PROXY_NO_TOKEN: () => 'graphqlProxy mode obtains no token here',
  GJA_ID_ONLY_DOCUMENT: () => 'A document of its id alone (replaceDocumentWithHash) has no text: send it with graphqlProxy(url, { sendDocumentIds: true })',
  GJA_NO_SUBSCRIPTIONS: () => 'No subscriptions option: graphqlSubscriptions()',
  GJA_SUBSCRIPTIONS_LOAD: () =>
    "graphqlSubscriptions needs load: () => import('graphql-ws') (or 'graphql-sse'), so that the app's bundler includes the library",
  GJA_REDIRECT: (url: string, status: number) =>
    `${url} answered with a redirect${status === 0 ? '' : ` (${status})`}, which is not followed: credentials go only to the URL configured`,
};

export type ErrorMessages = typeof ERROR_MESSAGES;
export type ErrorCode = keyof ErrorMessages;
