import type { PGlite } from '@electric-sql/pglite';

/** The `application_name` of the server's background lane (its statements go after the officers'). */
export const BACKGROUND_APPLICATION: string;

/** The embedded database's socket server (socket-server.mjs). */
export function createSocketServer(
  db: PGlite,
  options: { path: string; maxConnections?: number },
): {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Connections with a statement waiting for the session now. */
  waiting(): number;
};
