import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ApiError } from '@truck-queue/shared/contracts/api';
import type { Config } from '../config.ts';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** The driver's page is its own small bundle (queue.html); every other page is the back office. */
const DRIVER_PAGE = /^\/Queue\/data\//;

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll("'", '&#39;').replaceAll('<', '&lt;');
}

/** An HTML entry with the client's settings in a meta tag (the API key, the default language). */
function renderPage(file: string, config: Config): string | null {
  const full = path.join(WEB_DIST, file);
  if (!existsSync(full)) return null;
  const clientConfig = {
    apiKey: config.apiKey,
    defaultLanguage: config.defaultLanguage,
    companyName: config.companyName,
  };
  const meta = `<meta name="tq-config" content='${escapeAttribute(JSON.stringify(clientConfig))}'>`;
  return readFileSync(full, 'utf8').replace('<!--tq-config-->', meta);
}

/**
 * Serves the built web app on the API's port. A path that is neither a file nor an API call
 * gets its page, so the client's router shows it; unknown API paths get a JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: Config,
  serveFiles: boolean,
): Promise<void> {
  const indexHtml = serveFiles ? renderPage('index.html', config) : null;
  const queueHtml = serveFiles ? (renderPage('queue.html', config) ?? indexHtml) : null;
  if (serveFiles && indexHtml === null) {
    app.log.warn(
      `The web app is not built (${WEB_DIST} is missing): run "npm run build". Serving the API only.`,
    );
  } else if (indexHtml !== null) {
    await app.register(fastifyStatic, { root: WEB_DIST, index: false, maxAge: '1h' });
  }

  const sendPage = (reply: FastifyReply, html: string) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  if (indexHtml !== null) app.get('/', (_request, reply) => sendPage(reply, indexHtml));

  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api/') && indexHtml !== null) {
      return sendPage(reply, DRIVER_PAGE.test(request.url) && queueHtml ? queueHtml : indexHtml);
    }
    const body: ApiError = {
      status: 0,
      code: 'NOT_FOUND',
      message: `There is no ${request.method} ${request.url.split('?')[0]}.`,
    };
    return reply.status(404).send(body);
  });
}
