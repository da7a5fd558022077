import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

// This directory, not the repository root whose lockfile Next would otherwise take for a workspace.
const root = dirname(fileURLToPath(import.meta.url));

const config: NextConfig = {
  outputFileTracingRoot: root,
  turbopack: { root },
  // The tests drive `next start` on 127.0.0.1 with no network: no image optimizer.
  images: { unoptimized: true },
  poweredByHeader: false,
};

export default config;
