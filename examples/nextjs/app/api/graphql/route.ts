import { backend } from '@/lib/auth-server';

// Signed-in browsers' operations, sent on with the server's token: <AuthProvider graphqlProxy={graphqlProxy('/api/graphql')}>.
export const POST = (request: Request) => backend().graphqlProxy(request);
