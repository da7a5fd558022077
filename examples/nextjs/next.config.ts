import type { NextConfig } from 'next';

const config: NextConfig = {
  // The tests drive `next start` on 127.0.0.1 with no network: no telemetry, no image optimizer.
  images: { unoptimized: true },
  poweredByHeader: false,
};

export default config;
