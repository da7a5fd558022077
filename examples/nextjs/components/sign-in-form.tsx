/** A plain form: works before any JavaScript loads, and the cookie it gets is HttpOnly. */
export function SignInForm({ next }: { next: string }) {
  return (
    <form method="post" action="/api/sign-in">
      <h2>Sign in</h2>
      <input type="hidden" name="next" value={next} />
      <p>This page needs the demo session that the token endpoint and the proxy check.</p>
      <button type="submit">Sign in as the demo user</button>
    </form>
  );
}
