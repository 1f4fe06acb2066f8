import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './fonts.css';
import './queue-page.css';
import './notify-card.css';
import { config } from '../lib/config.ts';
import { toLanguage } from '../lib/languages.ts';
import { browserLanguageTags, pickLanguage, readStoredLanguage } from './language.ts';
import { PAGE_DATA_ID, parsePageData } from './page-data.ts';
import { queueIdFrom } from './queue-id.ts';
import { QueuePage, type Site } from './queue-page.tsx';

/**
 * queue.html: the driver's page, a bundle apart from the back office (no antd, router,
 * i18next or TanStack Query; its production build runs the same components on Preact, see
 * vite.config.ts). The server renders /Queue/data/<uuid> with the ticket (server-render.tsx)
 * and this hydrates it; when it could not, it sent the bare page and this renders it alone.
 */
const container = document.getElementById('root');
if (!container) throw new Error('queue.html has no #root element');

const uuid = queueIdFrom(window.location.pathname, window.location.search);
const site: Site = {
  companyName: config.companyName,
  pageBase: config.publicUrl || window.location.origin,
  timeZone: config.siteTimeZone,
};
const rendered = parsePageData(document.getElementById(PAGE_DATA_ID)?.textContent);
// A language chosen on this phone before wins over the one the server took from the browser's
// header (it cannot see the phone's storage): then the page renders anew in that language.
const stored = toLanguage(readStoredLanguage());

if (rendered && (!stored || stored === rendered.language)) {
  hydrateRoot(
    container,
    <StrictMode>
      <QueuePage
        uuid={uuid}
        language={rendered.language}
        site={site}
        initial={{ queue: rendered.queue, at: rendered.renderedAt }}
      />
    </StrictMode>,
  );
} else {
  const language = stored ?? pickLanguage(null, browserLanguageTags(), config.defaultLanguage);
  const initial = rendered ? { queue: rendered.queue, at: rendered.renderedAt } : undefined;
  createRoot(container).render(
    <StrictMode>
      <QueuePage uuid={uuid} language={language} site={site} initial={initial} />
    </StrictMode>,
  );
}
