// `npm start`: builds the web app and the server when they are missing or older than their
// sources, then runs the server's build (apps/server/dist/main.mjs, scripts/build-server.mjs) in
// this same process, with NODE_ENV=production: React renders the driver's page with its
// production build (the development one is slower and larger). Nothing else the server uses
// reads NODE_ENV; `npm run dev` runs main.ts directly through tsx.
// package.json runs it with Node flags for a small office PC (docs/performance.md, "Memory on an office PC"):
// --max-semi-space-size=4 (V8's young generation at 4 MB a half instead of 16),
// --heap-growing-percent=40 (collect once the heap grew 40 % past what survived, not up to
// 4x) and --v8-pool-size=2 (two V8 helper threads, each keeping its allocator arena).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer } from './build-server.mjs';

// `npm run start:plant`: a plant's install (README, "Install at a plant"): no demo data, and the
// first start needs ADMIN_EMAIL and ADMIN_PASSWORD.
if (process.argv.includes('--plant')) process.env.PLANT_MODE ??= 'on';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** When each file or folder last changed, walked once: both builds look at the shared sources. */
const changed = new Map();
const changedAt = (p) => {
  if (!changed.has(p)) changed.set(p, statSync(p).isDirectory() ? newestChange(p) : statSync(p).mtimeMs);
  return changed.get(p);
};
/** When the newest of these files or folders changed. */
const newestOf = (paths) => Math.max(...paths.map((p) => changedAt(path.join(root, p))));
const stale = (built, sources) => !existsSync(built) || statSync(built).mtimeMs < newestOf(sources);

if (stale(builtIndex, ['apps/web/src', 'apps/web/index.html', 'packages/shared/src'])) {
  console.log('Building the web app...');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}
// The driver page's renderer comes from the web app's source, so it counts too.
const builtServer = path.join(root, 'apps/server/dist/main.mjs');
if (stale(builtServer, ['apps/server/src', 'packages/shared/src', 'apps/web/src'])) {
  await buildServer();
}

process.env.NODE_ENV = 'production';
await import(pathToFileURL(builtServer).href);
