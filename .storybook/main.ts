import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  addons: ['msw-storybook-addon'],
  // The MSW service worker (npx msw init public/) is served from the root.
  staticDirs: ['../public'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // Docgen feeds the docs tab, which the demos do not use; it is most of the build time.
  typescript: { reactDocgen: false },
};

export default config;
