import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../scripts/build-server.mjs';
import type { DriverPageRenderer } from './http/driver-page.ts';
import { SERVER_DIR } from './paths.ts';
import { apiClient } from './test/api-client.ts';
import { startServer } from './test/server-process.ts';

/**
 * What `npm start` runs: the server's build (scripts/build-server.mjs), not its TypeScript
 * through tsx. The other server-process tests run the TypeScript; this one runs the build.
 */
beforeAll(() => buildServer(), 60_000);

// The build serves its own embedded database: the PostgreSQL pass (TEST_DATABASE_URL) would run
// the same again.
describe.skipIf(process.env.TEST_DATABASE_URL)('the server build', () => {
  it('serves from dist/main.mjs, without tsx, its first start built too', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tq-built-'));
    // No demo plant: the first start's own tests build one (first-start-process.test.ts); here
    // the built child makes the database and its first officer.
    const admin = { email: 'built-admin@example.com', password: 'built-server-password' };
    const server = startServer(
      { DATA_DIR: dataDir, LOG_LEVEL: 'info', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
      { built: true },
    );
    try {
      const url = await server.ready();
      const commandLine = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0');
      expect(commandLine.some((arg) => arg.endsWith(path.join('dist', 'main.mjs')))).toBe(true);
      expect(commandLine.join(' ')).not.toContain('tsx');
      // The database was made by the built first-start child, another process.
      const builder = server.logLines().find((l) => l.startup?.step === 'schema')?.pid;
      expect(builder).toBeDefined();
      expect(builder).not.toBe(server.pid);

      await apiClient(url).signIn(admin.email, admin.password);
      // The API docs read the server's package.json from the build's place too.
      const docs = await fetch(`${url}/api/docs/json`);
      expect(docs.status).toBe(200);
      const version = (
        JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as { version: string }
      ).version;
      expect(((await docs.json()) as { info: { version: string } }).info.version).toBe(version);
    } finally {
      server.kill('SIGTERM');
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it("renders the driver's page with the built renderer", async () => {
    const renderer = (await import(
      pathToFileURL(path.join(SERVER_DIR, 'dist/server-render.mjs')).href
    )) as DriverPageRenderer;
    const template =
      '<!doctype html><html lang="th"><head><title>x</title></head><body><noscript>needs JavaScript</noscript><div id="root"></div></body></html>';
    const page = renderer.renderDriverPage({
      template,
      uuid: '00000000-0000-4000-8000-000000000000',
      queue: null,
      acceptLanguage: 'th',
      defaultLanguage: 'th',
      site: { companyName: 'บริษัท ทดสอบ จำกัด', pageBase: '/Queue/data/', timeZone: 'Asia/Bangkok' },
      now: new Date('2026-11-25T03:00:00Z'),
    });
    expect(page.status).toBe(404);
    expect(page.html).toContain('<html lang="th"');
    expect(page.html).not.toContain('needs JavaScript');
    expect(page.html).toMatch(/<div id="root">.+<\/div>/s);
  });
});
