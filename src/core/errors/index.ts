export { AuthError } from './auth-error.js';
export { AuthConfigError } from './auth-config-error.js';
export { AuthNetworkError } from './auth-network-error.js';
export { AuthRequestError } from './auth-request-error.js';
export { AuthServerError } from './auth-server-error.js';
export { InvalidApiKeyError } from './invalid-api-key-error.js';
export { SignedOutError } from './signed-out-error.js';
export { TokenExpiredError } from './token-expired-error.js';
