// Demo sign-in: no password, one button. A real app checks its users here, then sets its session.
import { newSessionCookie } from '@/lib/session';

/** Only a path on this site: `//evil.example` or a full URL would make this an open redirect. */
function localPath(value: FormDataEntryValue | null): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

export async function POST(request: Request): Promise<Response> {
  const form = await request.formData().catch(() => null);
  const cookie = await newSessionCookie();
  return new Response(null, {
    status: 303,
    headers: { location: localPath(form?.get('next') ?? null), 'set-cookie': cookie, 'cache-control': 'no-store' },
  });
}
