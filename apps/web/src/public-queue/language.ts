import { toLanguage, type Language } from '../lib/languages.ts';

/** The back office's key (lib/session.ts), so an officer's choice carries over to this page. */
export const LANGUAGE_KEY = 'I18N_LANGUAGE';

/** The stored setting, else the first offered browser language, else the server's default. */
export function pickLanguage(
  stored: string | null,
  browserTags: readonly string[],
  fallback: Language,
): Language {
  const saved = toLanguage(stored);
  if (saved) return saved;
  for (const tag of browserTags) {
    const language = toLanguage(tag);
    if (language) return language;
  }
  return fallback;
}

export function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // private mode or storage disabled: the choice lasts until the page closes
  }
}

export function browserLanguageTags(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}
