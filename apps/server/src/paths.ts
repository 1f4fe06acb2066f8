import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the server's files are, whether it runs from its TypeScript (`src/`, through tsx: the
 * tests, `npm run dev`) or from its build (`dist/`, one bundle: `npm start`, scripts/build-server.mjs).
 * Both sit one folder under apps/server, so this file finds it the same way in both.
 */
const HERE = path.dirname(fileURLToPath(import.meta.url));

/** apps/server */
export const SERVER_DIR = path.resolve(HERE, '..');

/** The repository's root (the web app's build, the root package.json). */
export const REPO_DIR = path.resolve(SERVER_DIR, '../..');

/** True in the build: files it must load as JavaScript have a built twin in dist/. */
export const RUNNING_BUILT = path.basename(HERE) === 'dist';

/**
 * A plain-JavaScript file of the server's source (a worker or child process's entry, `.mjs`),
 * run as it is in both cases: no TypeScript, no loader.
 */
export const sourceFile = (relative: string) => path.join(SERVER_DIR, 'src', relative);
