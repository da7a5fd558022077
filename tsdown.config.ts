import { defineConfig } from 'tsdown';

export default defineConfig({
  // The testing entry is its own: the root never reaches it, and msw stays its optional peer.
  entry: { index: 'src/index.ts', testing: 'src/testing/index.ts' },
  format: 'esm',
  platform: 'neutral',
  dts: true,
  sourcemap: true,
  clean: true,
});
