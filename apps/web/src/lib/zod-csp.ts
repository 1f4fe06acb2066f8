import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` when it may; to find out, it tries once, and
 * under the server's Content-Security-Policy (script-src 'self', no 'unsafe-eval') that try is
 * reported as a violation. Turning the compiler off skips the try. It must run before any schema
 * is made: vite.config.ts puts it in zod's own chunk (main.tsx imports it first, for the dev server).
 */
z.config({ jitless: true });
