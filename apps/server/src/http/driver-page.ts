import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PublicQueueSchema, type PublicQueue } from '@truck-queue/shared/contracts/public-queue.contract';
import type { Config } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import { createRateLimiter, RATE_LIMITS } from '../lib/rate-limit.ts';
import { REPO_DIR, RUNNING_BUILT, SERVER_DIR } from '../paths.ts';

/**
 * apps/web/src/public-queue/server-render.tsx as the server calls it. Written out here because
 * the server's typecheck does not read the web app's code (JSX, DOM types); the driver page's
 * tests render through it, so a change on either side that breaks the other fails there.
 */
export interface DriverPageRenderer {
  driverPageUuid(url: string): string | null;
  renderDriverPage(input: {
    template: string;
    uuid: string | null;
    queue: PublicQueue | null;
    acceptLanguage: string | undefined;
    defaultLanguage: Config['defaultLanguage'];
    site: { companyName: string; pageBase: string; timeZone: string };
    now: Date;
  }): { status: 200 | 404; html: string };
}

/**
 * The renderer is the web app's TypeScript: loaded at run time through tsx from the source (the
 * tests, `npm run dev`), or built beside the server (`npm start`, scripts/build-server.mjs).
 * Either way it is the source queue.html's bundle was built from. The path is computed so tsc
 * does not follow it into the web app.
 */
const RENDERER = pathToFileURL(
  RUNNING_BUILT
    ? path.join(SERVER_DIR, 'dist/server-render.mjs')
    : path.join(REPO_DIR, 'apps/web/src/public-queue/server-render.tsx'),
).href;

export async function loadDriverPageRenderer(): Promise<DriverPageRenderer> {
  return (await import(/* @vite-ignore */ RENDERER)) as DriverPageRenderer;
}

/** The one ticket read the page needs (public-queue.service.ts): throws NOT_FOUND for no ticket. */
export type ReadTicket = (uuid: string) => Promise<PublicQueue>;

/**
 * GET /Queue/data/<uuid>: the driver's page rendered with the ticket's data (200), or its "not
 * found" state for an unknown, expired or malformed id (404). When the ticket cannot be read
 * (database down, this address over the public calls' rate) or the render fails, `shell()`:
 * queue.html as built, which the client renders by itself as before.
 */
export function registerDriverPage(
  app: FastifyInstance,
  deps: {
    config: Config;
    renderer: DriverPageRenderer;
    readTicket: ReadTicket;
    /** queue.html as served, config meta included; null when the web app is not built. */
    template: () => string | null;
    /** The app's clock: the page's "now" and its bucket's time. */
    clock: Clock;
  },
): void {
  const { config, renderer, readTicket, template, clock } = deps;
  // A page view reads the ticket as the page's API call does: the same budget per address.
  const limiter = createRateLimiter(RATE_LIMITS.publicCalls, { clock });

  // Live data: never kept by the phone or a proxy; the hashed assets it links are cached for good.
  const send = (reply: FastifyReply, status: number, html: string) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

  app.get('/Queue/data/*', async (request, reply) => {
    const page = template();
    if (page === null) return reply.callNotFound();
    const uuid = renderer.driverPageUuid(request.url);
    let queue: PublicQueue | null = null;
    if (uuid) {
      if (limiter.take(request.ip) > 0) return send(reply, 200, page);
      try {
        // The schema keeps the public fields only (the service also returns branch ids).
        queue = PublicQueueSchema.parse(await readTicket(uuid));
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'NOT_FOUND')) {
          request.log.error({ err: error }, 'driver page: could not read the ticket; sent the bare page');
          return send(reply, 200, page);
        }
      }
    }
    try {
      const { status, html } = renderer.renderDriverPage({
        template: page,
        uuid,
        queue,
        acceptLanguage: request.headers['accept-language'],
        defaultLanguage: config.defaultLanguage,
        site: {
          companyName: config.companyName,
          // Fastify's protocol and host follow TRUST_PROXY, as the browser's address bar does.
          pageBase: config.publicUrl ?? `${request.protocol}://${request.host}`,
          timeZone: config.siteTimeZone,
        },
        now: clock.now(),
      });
      return send(reply, status, html);
    } catch (error) {
      request.log.error({ err: error }, 'driver page: render failed; sent the bare page');
      return send(reply, 200, page);
    }
  });
}
