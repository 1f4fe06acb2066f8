// The server's build: apps/server/dist/main.mjs and what it loads lazily, bundled by esbuild from
// the TypeScript (the server's own, the shared package's, and the driver page's renderer from the
// web app). `npm start` runs it (scripts/start.mjs) instead of the TypeScript through tsx: no
// loader thread and no transform cache in the server's memory (docs/benchmarks.md, issue 19).
// Packages from node_modules stay imports; plain-JavaScript workers (.mjs) are run from src/
// (apps/server/src/paths.ts). `node scripts/build-server.mjs` builds it by hand.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every bare import stays an import, except the workspace's own TypeScript package. */
const packagesStayImports = {
  name: 'packages-stay-imports',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@truck-queue/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'apps/server/src/main.ts',
      'first-start-child': 'apps/server/src/first-start-child.ts',
      'server-render': 'apps/web/src/public-queue/server-render.tsx',
    },
    outdir: 'apps/server/dist',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    // Stack traces name the built file's lines; `node --enable-source-maps` maps them back.
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [packagesStayImports],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
