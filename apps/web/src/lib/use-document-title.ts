import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "<page> · <app name>" in the browser tab, following the UI language. */
export function useDocumentTitle(pageTitle?: string): void {
  const { t } = useTranslation();
  const appName = t('app.name');
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${appName}` : appName;
  }, [pageTitle, appName]);
}
