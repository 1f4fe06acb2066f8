import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ANTD_LOCALES } from '../lib/antd-locale.ts';
import { toLanguage, DEFAULT_LANGUAGE } from '../lib/languages.ts';
import { queryClient } from './query-client.ts';
import { LayoutSettingsProvider, useLayoutSettings } from '../lib/layout-settings-context.tsx';
import { useReducedMotion } from '../lib/use-media-query.ts';

/** Sarabun for Thai and Latin, Noto Sans for Cyrillic; the browser picks per glyph. */
export const FONT_FAMILY =
  "'Sarabun', 'Noto Sans', -apple-system, BlinkMacSystemFont, 'Segoe UI', Tahoma, sans-serif";

function ThemedApp({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { settings } = useLayoutSettings();
  const language = toLanguage(i18n.resolvedLanguage) ?? DEFAULT_LANGUAGE;
  const reducedMotion = useReducedMotion();
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[language]}
      theme={{
        algorithm: settings.mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: { fontFamily: FONT_FAMILY, fontSize: 15, borderRadius: 8, motion: !reducedMotion },
      }}
    >
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LayoutSettingsProvider>
        <ThemedApp>{children}</ThemedApp>
      </LayoutSettingsProvider>
    </QueryClientProvider>
  );
}
