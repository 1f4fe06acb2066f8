import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './fonts.css';
import './queue-page.css';
import { queueIdFrom } from './queue-id.ts';
import { QueuePage } from './queue-page.tsx';

/**
 * queue.html: the driver's page, a bundle apart from the back office (no antd, router,
 * i18next or TanStack Query). The server answers /Queue/data/<uuid> with it.
 */
const container = document.getElementById('root');
if (!container) throw new Error('queue.html has no #root element');

const uuid = queueIdFrom(window.location.pathname, window.location.search);

createRoot(container).render(
  <StrictMode>
    <QueuePage uuid={uuid} />
  </StrictMode>,
);
