import i18n, { type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/th';
import 'dayjs/locale/es';
import 'dayjs/locale/de';
import 'dayjs/locale/it';
import 'dayjs/locale/ru';
import th from '../locales/th.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import de from '../locales/de.json';
import it from '../locales/it.json';
import ru from '../locales/ru.json';
import { TICKET_TEXT, type TicketText } from '@truck-queue/shared/printing/ticket-text';
import { config } from './config.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, toLanguage, type Language } from './languages.ts';
import {
  readBranchLanguage,
  readLanguageSetting,
  saveBranchLanguage,
  saveLanguageSetting,
} from './session.ts';

/**
 * A locale file with the printed ticket's words added from the shared table the server's
 * thermal raster also reads (shared/printing/ticket-text.ts): `kiosk.ticket.*` and
 * `ticket.code`, so the HTML ticket and the paper one say the same.
 */
function withTicketWords<Locale extends typeof th>(locale: Locale, words: TicketText) {
  const { code, ...ticket } = words;
  return {
    ...locale,
    kiosk: { ...locale.kiosk, ticket },
    ticket: { ...locale.ticket, code },
  };
}

const thTranslation = withTicketWords(th, TICKET_TEXT.th);

export const resources = {
  th: { translation: thTranslation },
  en: { translation: withTicketWords(en, TICKET_TEXT.en) },
  es: { translation: withTicketWords(es, TICKET_TEXT.es) },
  de: { translation: withTicketWords(de, TICKET_TEXT.de) },
  it: { translation: withTicketWords(it, TICKET_TEXT.it) },
  ru: { translation: withTicketWords(ru, TICKET_TEXT.ru) },
} as const satisfies Record<Language, { translation: typeof thTranslation }>;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof thTranslation };
  }
}

/** Any key of the locale files, for keys built at run time. */
export type TranslationKey = ParseKeys<'translation'>;

function browserLanguage(): Language | undefined {
  if (typeof navigator === 'undefined') return undefined;
  const tags = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of tags) {
    const language = toLanguage(tag);
    if (language) return language;
  }
  return undefined;
}

/**
 * The officer's own choice, else the language of the branch this PC works for (issue 36: it wins
 * over an English browser), else the browser's language when offered, else the server's default.
 */
export function initialLanguage(): Language {
  return (
    toLanguage(readLanguageSetting()) ??
    toLanguage(readBranchLanguage()) ??
    browserLanguage() ??
    config.defaultLanguage
  );
}

/**
 * The branch's language ('' = the plant's default) as the server gave it (the sign-in page's
 * settings, the signed-in officer's branch): shown at once unless the officer chose a language
 * themself, and remembered for the next page load. Not a choice: a later one still wins.
 */
export function applyBranchLanguage(branchLanguage: string): void {
  const language = toLanguage(branchLanguage) ?? config.defaultLanguage;
  saveBranchLanguage(language);
  if (toLanguage(readLanguageSetting()) === undefined && i18n.resolvedLanguage !== language)
    void i18n.changeLanguage(language);
}

function applyLanguage(language: string): void {
  const lng = toLanguage(language) ?? DEFAULT_LANGUAGE;
  dayjs.locale(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

i18n.on('languageChanged', applyLanguage);

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Switch the UI language and remember the choice under 'I18N_LANGUAGE'. */
export async function changeLanguage(language: Language): Promise<void> {
  saveLanguageSetting(language);
  await i18n.changeLanguage(language);
}

export { i18n };
