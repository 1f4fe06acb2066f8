// `npm run dev`: the API (restarted on change) on :3000 and Vite with hot reload on :5173.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Vite's proxy hands Socket.IO the pages' origin (:5173), which is not the API's own (:3000).
const devOrigins = ['http://localhost:5173', 'http://127.0.0.1:5173', process.env.ALLOWED_ORIGINS];
const children = [
  spawn(process.execPath, ['--watch', '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ALLOWED_ORIGINS: devOrigins.filter(Boolean).join(',') },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
