import { backend } from '@/lib/auth-server';

// Short-lived tokens for signed-in browsers: <AuthProvider tokenEndpoint={tokenEndpoint('/api/token')}>.
export const POST = (request: Request) => backend().tokenHandler(request);
