/** Builds apps/server/dist from the TypeScript (scripts/build-server.mjs). */
export function buildServer(): Promise<void>;
