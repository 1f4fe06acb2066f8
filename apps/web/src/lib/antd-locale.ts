import type { ConfigProviderProps } from 'antd';
import thTH from 'antd/locale/th_TH';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import deDE from 'antd/locale/de_DE';
import itIT from 'antd/locale/it_IT';
import ruRU from 'antd/locale/ru_RU';
import type { Language } from './languages.ts';

type Locale = NonNullable<ConfigProviderProps['locale']>;

/** Ant Design's own texts (pickers, pagination, empty states) in the UI language. */
export const ANTD_LOCALES: Record<Language, Locale> = {
  th: thTH,
  en: enUS,
  es: esES,
  de: deDE,
  it: itIT,
  ru: ruRU,
};
