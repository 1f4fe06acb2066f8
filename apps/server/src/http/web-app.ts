import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '@truck-queue/shared/contracts/api';
import type { Config } from '../config.ts';
import type { Clock } from '../lib/clock.ts';
import { REPO_DIR } from '../paths.ts';
import { loadDriverPageRenderer, registerDriverPage, type ReadTicket } from './driver-page.ts';

export const WEB_DIST = path.join(REPO_DIR, 'apps/web/dist');

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll("'", '&#39;').replaceAll('<', '&lt;');
}

/**
 * An HTML entry with the client's settings in a meta tag (the API key, the default language),
 * read again whenever the file changes, so a rebuild while the server runs serves the new assets.
 */
function pageRenderer(dist: string, file: string, config: Config): () => string | null {
  const full = path.join(dist, file);
  const clientConfig = {
    apiKey: config.apiKey,
    defaultLanguage: config.defaultLanguage,
    companyName: config.companyName,
    publicUrl: config.publicUrl ?? '',
    siteTimeZone: config.siteTimeZone,
  };
  const meta = `<meta name="tq-config" content='${escapeAttribute(JSON.stringify(clientConfig))}'>`;
  let cached: { mtimeMs: number; html: string } | null = null;
  return () => {
    if (!existsSync(full)) return null;
    const { mtimeMs } = statSync(full);
    if (cached?.mtimeMs !== mtimeMs) {
      cached = { mtimeMs, html: readFileSync(full, 'utf8').replace('<!--tq-config-->', meta) };
    }
    return cached.html;
  };
}

/**
 * Serves the built web app on the API's port. A path that is neither a file nor an API call
 * gets its page, so the client's router shows it; unknown API paths get a JSON 404. The
 * driver's page, /Queue/data/<uuid>, is rendered with the ticket (driver-page.ts) when
 * `readTicket` is given. `dist`: the built app (tests serve a folder of their own). `clock`: the
 * app's (the driver page's time and its rate limit).
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: Config,
  serveFiles: boolean,
  options: { clock: Clock; readTicket?: ReadTicket; dist?: string },
): Promise<void> {
  const dist = options.dist ?? WEB_DIST;
  const index = pageRenderer(dist, 'index.html', config);
  const driver = pageRenderer(dist, 'queue.html', config);
  const built = serveFiles && index() !== null;
  if (serveFiles && !built) {
    app.log.warn(`The web app is not built (${dist} is missing): run "npm run build". Serving the API only.`);
  } else if (built) {
    await app.register(fastifyStatic, {
      root: dist,
      index: false,
      preCompressed: true,
      // File names under assets/ carry a content hash: they never change.
      setHeaders: (reply, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  const sendPage = (reply: FastifyReply, html: string) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  if (built) app.get('/', (_request, reply) => sendPage(reply, index() ?? ''));
  if (built && options.readTicket) {
    registerDriverPage(app, {
      config,
      renderer: await loadDriverPageRenderer(),
      readTicket: options.readTicket,
      template: driver,
      clock: options.clock,
    });
  }

  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const isPage = built && request.method === 'GET' && !request.url.startsWith('/api/');
    const html = isPage ? index() : null;
    if (html !== null) return sendPage(reply, html);
    const body: ApiError = {
      status: 0,
      code: 'NOT_FOUND',
      message: `There is no ${request.method} ${request.url.split('?')[0]}.`,
    };
    return reply.status(404).send(body);
  };
  // An address no route serves is answered as soon as it arrives: Fastify would otherwise read
  // and parse its body (up to 1 MiB, from anyone, before any limit) only to say "not found".
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return notFound(request, reply);
  });
  app.setNotFoundHandler(notFound);
}
