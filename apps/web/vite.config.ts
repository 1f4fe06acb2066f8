import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API_TARGET = 'http://localhost:3000';

/** Libraries that change rarely get their own chunks, so a deploy only busts the app's code. */
const VENDOR_GROUPS: { name: string; test: RegExp }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /node_modules[\\/](react-router|react-router-dom|@remix-run)[\\/]/ },
  { name: 'icons', test: /node_modules[\\/]@ant-design[\\/]icons/ },
  { name: 'antd-base', test: /node_modules[\\/](@ant-design|@rc-component|rc-[\w-]+|@emotion)[\\/]/ },
  { name: 'antd', test: /node_modules[\\/]antd[\\/]/ },
  { name: 'data', test: /node_modules[\\/](@tanstack|zod)[\\/]/ },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|dayjs)[\\/]/ },
];

export default defineConfig({
  plugins: [react()],
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
      output: {
        codeSplitting: {
          groups: VENDOR_GROUPS.map((group, index) => ({ ...group, priority: VENDOR_GROUPS.length - index })),
        },
      },
    },
  },
});
