import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, queues } from '../../db/schema.ts';
import { frameworkErrors } from '../../http/error-handler.ts';
import type { ReadTicket } from '../../http/driver-page.ts';
import { registerWebApp } from '../../http/web-app.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { createAuthRepository } from '../auth/auth.repository.ts';
import { createDisputesService } from '../disputes/disputes.service.ts';
import { createLabService } from '../lab/lab.service.ts';
import { silentHub } from '../../lib/event-hub.ts';
import type { PlantCalendar } from '../../lib/plant-days.ts';
import type { OpenQueues } from './branch-cards.ts';
import { createEtaService } from './eta.service.ts';
import { createPublicQueueService } from './public-queue.service.ts';
import { createQueueReadsRepository } from './queue-reads.repository.ts';

/**
 * The driver's page as the server renders it (GET /Queue/data/<uuid>): the ticket's number,
 * status and trucks ahead in the HTML itself, before any script runs on the phone.
 */

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web');
const DATA_BLOCK = /<script type="application\/json" id="tq-driver-page">([^<]*)<\/script>/;

let t: TestContext;
let plant: Plant;
let dist: string;
const servers: FastifyInstance[] = [];

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t);
  // queue.html as written is a valid template: the build only adds its asset links.
  dist = mkdtempSync(path.join(os.tmpdir(), 'tq-driver-page-'));
  copyFileSync(path.join(WEB, 'queue.html'), path.join(dist, 'queue.html'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>back office</title>');
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The branch's open queues as a plant without order rules has them, for what the page reads of them. */
const NO_LINES: OpenQueues = {
  byType: new Map(),
  ahead: new Map(),
  rules: new Map(),
  places: new Map(),
  next: new Map(),
};

/** A server with the web app and the driver page, reading tickets through `readTicket`. */
async function serve(readTicket?: ReadTicket): Promise<FastifyInstance> {
  const service = createPublicQueueService({
    db: t.db,
    siteTimeZone: t.config.siteTimeZone,
    companyName: t.config.companyName,
    clock: t.clock,
    eta: createEtaService({ db: t.db, clock: t.clock }),
    reads: createQueueReadsRepository(t.db),
    branches: createAuthRepository(t.db),
    labs: createLabService(t.db),
    disputes: createDisputesService({
      db: t.db,
      clock: t.clock,
      labs: createLabService(t.db),
      events: silentHub,
    }),
    // The page reads its one ticket, and the branch's lines only for which have an order rule
    // (issue 38; none here): the lines' moves are what the sockets push.
    cards: {
      calendar: () => Promise.resolve({ insideSince: '2000-01-01' } as PlantCalendar),
      openQueues: () => Promise.resolve(NO_LINES),
    },
    databaseWaiting: () => 0,
  });
  const app = Fastify({ logger: false, frameworkErrors });
  await registerWebApp(app, t.config, true, {
    clock: t.clock,
    dist,
    readTicket: readTicket ?? ((uuid) => service.information(uuid)),
  });
  servers.push(app);
  return app;
}

const page = (app: FastifyInstance, url: string, language = 'th-TH,th;q=0.9') =>
  app.inject({ method: 'GET', url, headers: { 'accept-language': language } });

function dataOf(html: string): unknown {
  const match = DATA_BLOCK.exec(html);
  if (!match?.[1]) throw new Error('no data block');
  return JSON.parse(match[1]);
}

/** What a person reads: the markup without tags. */
const textOf = (html: string) =>
  (/<div id="root">([\s\S]*)<\/div><script/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, ' ');

describe('GET /Queue/data/<uuid>', () => {
  it('has every TSX file it renders carry the automatic JSX pragma, which tsx needs to run them (docs/drivers-and-notifications.md)', () => {
    // The tests render through Vite's transform; `npm run dev` and the browser tests' server
    // through tsx, which applies no tsconfig to the web app's files: one file without the
    // pragma renders "React is not defined" there only (the slip card did).
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      if (file.endsWith('.tsx')) expect(source.startsWith('/** @jsxRuntime automatic */'), file).toBe(true);
      for (const [, spec] of source.matchAll(/^import [^;]*? from '(\.{1,2}\/[^']+)';/gms)) {
        visit(path.resolve(path.dirname(file), spec!));
      }
    };
    visit(path.join(WEB, 'src/public-queue/server-render.tsx'));
    expect([...seen].filter((f) => f.endsWith('.tsx')).length).toBeGreaterThan(5);
  });

  it("renders the ticket's number, its status and the trucks ahead into the HTML, in the browser's language", async () => {
    const app = await serve();
    await issueTicket(t, plant, 'standard', 'AHEAD 1');
    await issueTicket(t, plant, 'standard', 'AHEAD 2');
    const mine = await issueTicket(t, plant, 'standard', 'MINE 1');

    const th = await page(app, `/Queue/data/${mine.uuid}`);
    expect(th.statusCode).toBe(200);
    expect(th.headers['cache-control']).toBe('no-store');
    expect(th.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(th.body).toContain('<html lang="th"');
    expect(th.body).toContain(`<title>${mine.queue_number} · คิวของคุณ</title>`);
    const thText = textOf(th.body);
    expect(thText).toContain(mine.queue_number);
    expect(th.body).toContain('<span class="qp-ahead-count">2</span>');
    expect(thText).toContain('กรุณารอเรียกคิว');
    expect(th.body).not.toContain('This page needs JavaScript');
    // The data the client hydrates with: the public answer only, no branch ids.
    expect(dataOf(th.body)).toMatchObject({
      language: 'th',
      queue: { uuid: mine.uuid, queue_number: mine.queue_number, ahead: 2 },
    });
    expect(th.body).not.toContain('branchId');

    const en = await page(app, `/Queue/data/${mine.uuid}`, 'fr-FR,en;q=0.8,th;q=0.5');
    expect(en.body).toContain('<html lang="en"');
    const enText = textOf(en.body);
    expect(enText).toContain('trucks ahead of you');
    expect(enText).toContain('Please wait for your call');
    expect(en.body).not.toContain('MINE 1');

    // Called: the page says where to go, and the trucks-ahead count is gone.
    await t.db
      .update(queues)
      .set({ state: 'C', stationId: plant.stations.standardCall.id })
      .where(eq(queues.id, mine.id));
    const called = textOf((await page(app, `/Queue/data/${mine.uuid}?from=qr`, 'en')).body);
    expect(called).toContain('Please go to');
    expect(called).toContain('ช่องขึ้นสินค้า 1');
    expect(called).not.toContain('ahead of you');
  });

  it('answers an unknown, malformed or missing id with the page\'s own "not found" and 404', async () => {
    const app = await serve();
    for (const url of [
      '/Queue/data/00000000-0000-4000-8000-000000000000',
      '/Queue/data/not-a-uuid',
      '/Queue/data/00000000-0000-4000-8000-000000000000x',
      '/Queue/data/%3Cscript%3E',
      '/Queue/data/',
      `/Queue/data/${'9'.repeat(5000)}`,
    ]) {
      const response = await page(app, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(textOf(response.body), url).toContain('ไม่พบคิว');
      expect(dataOf(response.body), url).toMatchObject({ queue: null });
    }
    // A link cut inside a Thai letter's %-encoding cannot even be read as an address: the
    // phone is sent to the same "not found" page, not an error in JSON.
    for (const url of ['/Queue/data/%E0%B8', '/Queue/data/%ZZ']) {
      const response = await page(app, url);
      expect(response.statusCode, url).toBe(303);
      expect(response.headers.location, url).toBe('/Queue/data/');
    }
  });

  it('keeps hostile names inside the page: no markup, no early end of the data block', async () => {
    const app = await serve();
    const ticket = await issueTicket(t, plant, 'general', 'HOSTILE 1');
    const hostile = '</script><script>alert(1)</script><!-- \u2028\u2029 & "x"';
    await t.db.update(products).set({ name: hostile }).where(eq(products.id, plant.products.parts.id));
    try {
      const response = await page(app, `/Queue/data/${ticket.uuid}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('<script>alert(1)');
      const block = DATA_BLOCK.exec(response.body)?.[1] ?? '';
      expect(block).not.toMatch(/[<>&\u2028\u2029]/);
      // The name comes back whole to the client that hydrates the page.
      expect(dataOf(response.body)).toMatchObject({ queue: { product_info: { name: hostile } } });
      expect(textOf(response.body)).toContain('&lt;/script&gt;&lt;script&gt;alert(1)');
    } finally {
      await t.db.update(products).set({ name: 'อะไหล่' }).where(eq(products.id, plant.products.parts.id));
    }
  });

  it('sends the bare page for the client to render when the ticket cannot be read', async () => {
    const app = await serve(() => Promise.reject(new Error('connection terminated')));
    const response = await page(app, '/Queue/data/00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toMatch(DATA_BLOCK);
  });
});
