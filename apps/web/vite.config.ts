import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const API_TARGET = 'http://localhost:3000';

/**
 * Two pages: the officers' back office (index.html) and the driver's queue page (queue.html),
 * a small bundle of its own that must never pull in antd, the router, i18next or TanStack Query.
 */
const ENTRIES = {
  index: fileURLToPath(new URL('index.html', import.meta.url)),
  queue: fileURLToPath(new URL('queue.html', import.meta.url)),
};

/**
 * Libraries that change rarely get their own chunks, so a deploy only busts the app's code.
 * The queue page shares only the `react` chunk (and socket.io-client's) with the back office.
 */
const VENDOR_GROUPS: { name: string; test: RegExp }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /node_modules[\\/](react-router|react-router-dom|@remix-run)[\\/]/ },
  { name: 'icons', test: /node_modules[\\/]@ant-design[\\/]icons/ },
  { name: 'antd-base', test: /node_modules[\\/](@ant-design|@rc-component|rc-[\w-]+|@emotion)[\\/]/ },
  { name: 'antd', test: /node_modules[\\/]antd[\\/]/ },
  // lib/zod-csp.ts goes with zod, so it has run before any other chunk makes a schema.
  { name: 'data', test: /node_modules[\\/](@tanstack|zod)[\\/]|[\\/]src[\\/]lib[\\/]zod-csp\.ts$/ },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|dayjs)[\\/]/ },
];

/** The dev server answers /Queue/data/<uuid> with queue.html, as the API server does. */
const driverPageInDev: Plugin = {
  name: 'tq-driver-page',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      if (request.url && /^\/Queue\/data\/[^/?#]+\/?(?:[?#]|$)/.test(request.url))
        request.url = '/queue.html';
      next();
    });
  },
};

export default defineConfig({
  plugins: [react(), driverPageInDev],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      input: ENTRIES,
      output: {
        codeSplitting: {
          groups: VENDOR_GROUPS.map((group, index) => ({ ...group, priority: VENDOR_GROUPS.length - index })),
        },
      },
    },
  },
});
