/** Languages the switcher offers (DESIGN.md "Languages"); the first is the product default. */
export const LANGUAGES = ['th', 'en', 'es', 'de', 'it', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'th';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** 'th-TH' -> 'th', 'EN' -> 'en'; undefined when the language is not offered. */
export function toLanguage(tag: string | null | undefined): Language | undefined {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : undefined;
}
