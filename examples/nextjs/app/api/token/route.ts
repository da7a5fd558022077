import { tokenHandler } from '@/lib/auth-server';

export const POST = (request: Request) => tokenHandler(request);
