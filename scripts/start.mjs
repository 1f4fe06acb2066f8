// `npm start`: builds the web app when it is missing or older than its sources, then runs
// the server (TypeScript, through tsx) in this same process, with NODE_ENV=production: React
// renders the driver's page with its production build (the development one is slower and
// larger). Nothing else the server uses reads NODE_ENV; `npm run dev` runs main.ts directly.
// package.json runs it with --max-semi-space-size=4 (V8's young generation at 4 MB a half
// instead of 16): about 50 MB less resident memory on an office PC (docs/benchmarks.md,
// "Issue 19: memory").
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

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

const sources = ['apps/web/src', 'apps/web/index.html', 'packages/shared/src'].map((p) => path.join(root, p));
const sourcesChanged = () =>
  Math.max(...sources.map((p) => (statSync(p).isDirectory() ? newestChange(p) : statSync(p).mtimeMs)));

if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sourcesChanged()) {
  console.log('Building the web app...');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}

process.env.NODE_ENV = 'production';
register();
await import(path.join(root, 'apps/server/src/main.ts'));
