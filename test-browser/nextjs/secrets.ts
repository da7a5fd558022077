import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** The files among `files` whose bytes contain `needle`. */
export async function filesContaining(files: string[], needle: string): Promise<string[]> {
  const bytes = Buffer.from(needle);
  const hits: string[] = [];
  for (const file of files) if ((await readFile(file)).includes(bytes)) hits.push(file);
  return hits;
}

/** A compact JWS: base64url header starting `{"` (eyJ), payload, signature. */
export const JWT_PATTERN = /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{16,}/;
