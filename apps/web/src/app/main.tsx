// First: before any zod schema is made (see the file).
import '../lib/zod-csp.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import '@fontsource/sarabun/thai-400.css';
import '@fontsource/sarabun/thai-600.css';
import '@fontsource/sarabun/latin-400.css';
import '@fontsource/sarabun/latin-600.css';
import '@fontsource/noto-sans/cyrillic-400.css';
import '@fontsource/noto-sans/cyrillic-600.css';
import './global.css';
import '../lib/i18n.ts';
import { AppProviders } from './providers.tsx';
import { router } from './router.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
