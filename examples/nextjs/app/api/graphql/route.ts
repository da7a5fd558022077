import { graphqlProxy } from '@/lib/auth-server';

export const POST = (request: Request) => graphqlProxy(request);
