/**
 * A short non-reversible tag (cyrb53) that tells identities apart in query keys, so one user's
 * cached data is never shown to another, without putting the API key itself in the cache; and
 * documents apart, without putting their whole text in the key.
 */
export function fingerprint(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * A token's name wherever it is shown: the client's events, `<AuthDevtools />`, and the mock service's
 * request log (`/testing`, `graphql-jwt-auth-mock --log`), so one token reads the same in all of them.
 * The identity tag's hash of the whole token: 53 bits, at most 11 base-36 characters; the same token
 * has the same tag in every tab and process, and nothing of the token can be read back from it. The
 * mock, which issues the tokens, computes it from the token it hands out. Costs no bytes: the hash is
 * already in every bundle.
 */
export { fingerprint as tokenTag };
