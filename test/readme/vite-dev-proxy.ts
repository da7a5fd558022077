// vite.config.ts: the app's /api calls go to the Node server in development, same origin for the browser.
// Merge `server.proxy` into the config your template made: keep its `plugins: [react()]` (from
// @vitejs/plugin-react), which this block leaves out only to stand alone.
import { defineConfig } from 'vite';

export default defineConfig({
  // plugins: [react()],
  server: {
    proxy: {
      // No changeOrigin: the request keeps Host: localhost:5173, the origin the page has, so the
      // handlers' Origin check passes. With changeOrigin: true, Host names the server instead and the
      // handlers refuse the call (403 "origin not allowed") unless allowedOrigins lists the page's origin.
      '/api': { target: 'http://127.0.0.1:8787' },
      '/healthz': { target: 'http://127.0.0.1:8787' },
    },
  },
});
