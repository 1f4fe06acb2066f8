/** @jsxRuntime automatic */
// The server imports this file through tsx, which applies no tsconfig to web files: the pragma
// gives it the JSX runtime the web build uses.
import { renderToString } from 'react-dom/server';
import type { PublicQueue } from '@truck-queue/shared/contracts/public-queue.contract';
import type { Language } from '../lib/languages.ts';
import { acceptLanguageTags, pickLanguage } from './language.ts';
import { PAGE_DATA_ID, serializePageData } from './page-data.ts';
import { queueIdFrom } from './queue-id.ts';
import { documentTitle, QueuePage, type Site } from './queue-page.tsx';
import { STRINGS } from './strings.ts';

/**
 * The driver's page rendered on the server (apps/server/src/http/driver-page.ts calls this):
 * the same components as the client, with the ticket's data, so the number, the status and
 * the trucks ahead are on screen before any script arrives on a slow phone. The client
 * (main.tsx) hydrates it from the data block written beside it.
 */

/** The ticket's uuid in a request's path and query, by the client's own rule; null: none. */
export function driverPageUuid(url: string): string | null {
  const { pathname, search } = new URL(url, 'http://page.invalid');
  return queueIdFrom(pathname, search);
}

export interface DriverPageInput {
  /** queue.html as built, with its asset links and the config meta tag. */
  template: string;
  uuid: string | null;
  /** The ticket, or null when there is no such ticket (the page says "not found"). */
  queue: PublicQueue | null;
  /** The request's Accept-Language header: the page's language, as the browser would pick it. */
  acceptLanguage: string | undefined;
  defaultLanguage: Language;
  site: Site;
  now: Date;
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** Replaces the one place `pattern` matches; a template without it is not queue.html. */
function replaceOnce(html: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(html)) throw new Error(`queue.html has no ${pattern.source}`);
  return html.replace(pattern, () => replacement);
}

export function renderDriverPage(input: DriverPageInput): { status: 200 | 404; html: string } {
  const language = pickLanguage(null, acceptLanguageTags(input.acceptLanguage), input.defaultLanguage);
  const queue = input.uuid ? input.queue : null;
  const initial = { queue, at: input.now };
  const markup = renderToString(
    <QueuePage uuid={input.uuid} language={language} site={input.site} initial={initial} />,
  );
  const title = documentTitle(STRINGS[language], queue ? 'ready' : 'notFound', queue);
  const data = serializePageData({ language, queue, renderedAt: input.now });

  let html = input.template;
  html = replaceOnce(html, /<html lang="[^"]*"/, `<html lang="${language}"`);
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  // The page reads without scripts now: no "needs JavaScript" notice.
  html = replaceOnce(html, /<noscript>[^<]*<\/noscript>\s*/, '');
  html = replaceOnce(
    html,
    /<div id="root"><\/div>/,
    `<div id="root">${markup}</div><script type="application/json" id="${PAGE_DATA_ID}">${data}</script>`,
  );
  return { status: queue ? 200 : 404, html };
}
