import { fileURLToPath } from 'node:url';
import { defineConfig, type BuildEnvironmentOptions, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const API_TARGET = 'http://localhost:3000';

/**
 * Two pages: the officers' back office (index.html) and the driver's queue page (queue.html),
 * a small bundle of its own that must never pull in antd, the router, i18next or TanStack Query.
 * `npm run build` builds them one after the other into dist: `vite build` the back office,
 * `vite build --mode driver` the driver's page (DRIVER_MODE below).
 */
const ENTRIES = {
  index: fileURLToPath(new URL('index.html', import.meta.url)),
  queue: fileURLToPath(new URL('queue.html', import.meta.url)),
};

/**
 * The driver's page runs its React components on Preact in the browser (preact/compat): React
 * DOM alone is some 60 KB gzipped, the whole page's budget on a phone over a weak signal
 * (issue 19), Preact about 5. The server renders the same components with React
 * (public-queue/server-render.tsx) and the page hydrates that markup. Only this build is
 * aliased: the back office and the dev server keep React.
 */
const DRIVER_MODE = 'driver';
const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/** Libraries that change rarely get their own chunks, so a deploy only busts the app's code. */
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

const BACK_OFFICE_BUILD: BuildEnvironmentOptions = {
  outDir: 'dist',
  emptyOutDir: true,
  rolldownOptions: {
    input: { index: ENTRIES.index },
    output: {
      codeSplitting: {
        groups: VENDOR_GROUPS.map((group, index) => ({ ...group, priority: VENDOR_GROUPS.length - index })),
      },
    },
  },
};

/** Second, beside the back office: one chunk for the page (socket.io-client comes after it). */
const DRIVER_BUILD: BuildEnvironmentOptions = {
  outDir: 'dist',
  emptyOutDir: false,
  rolldownOptions: { input: { queue: ENTRIES.queue } },
};

export default defineConfig(({ mode }) => ({
  plugins: [react(), driverPageInDev],
  resolve: mode === DRIVER_MODE ? { alias: PREACT_ALIASES } : {},
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: mode === DRIVER_MODE ? DRIVER_BUILD : BACK_OFFICE_BUILD,
}));
