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

/**
 * An Accept-Language header's tags, most wanted first ("th-TH,en;q=0.8" -> ['th-TH', 'en']),
 * so the server picks the page's language by the same rule as the browser (pickLanguage).
 * Tags with q=0 are refused by the reader; a malformed part is skipped.
 */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  const tags: { tag: string; q: number; order: number }[] = [];
  for (const [order, part] of header.split(',').slice(0, 20).entries()) {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim() ?? '';
    if (!/^[A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*$/.test(tag)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    tags.push({ tag, q, order });
  }
  return tags.sort((a, b) => b.q - a.q || a.order - b.order).map((t) => t.tag);
}
