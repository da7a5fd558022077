/** Replaces every occurrence of the secret, so a server that echoes the API key cannot leak it. */
export function redact(text: string, secret: string): string {
  return secret === '' ? text : text.split(secret).join('[redacted]');
}
