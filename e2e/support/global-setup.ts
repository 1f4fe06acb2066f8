import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startErpStandIn } from './erp-stand-in.ts';
import { ROOT, startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The ERP's webhook address (https), and the inbox the tests read it through (erp-stand-in.ts). */
    erpUrl: string;
    erpInbox: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run "npm run build" before the browser tests.');
  }
  const erp = await startErpStandIn();
  const server = await startServer(erp.serverEnv);
  project.provide('baseUrl', server.baseUrl);
  project.provide('erpUrl', erp.url);
  project.provide('erpInbox', erp.inbox);
  return async () => {
    await server.stop();
    await erp.close();
  };
}
