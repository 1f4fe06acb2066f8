import { DEFAULT_LANGUAGE, type Language, toLanguage } from './languages.ts';

/**
 * Settings the server injects into index.html as
 * `<meta name="tq-config" content='{"apiKey":"...","defaultLanguage":"th","companyName":"..."}'>`
 * (it replaces the `<!--tq-config-->` placeholder). The Vite dev server has no such tag,
 * so every field falls back to the server's own defaults.
 */
export interface WebConfig {
  apiKey: string;
  defaultLanguage: Language;
  companyName: string;
  /** The driver's page base for tickets' QR codes (PUBLIC_URL); empty: this page's own origin. */
  publicUrl: string;
  /** SITE_TIMEZONE: the plant's wall clock, whatever the zone of the PC showing the page. */
  siteTimeZone: string;
}

export const FALLBACK_CONFIG: WebConfig = {
  apiKey: 'truck-queue-web',
  defaultLanguage: DEFAULT_LANGUAGE,
  companyName: '',
  publicUrl: '',
  siteTimeZone: 'Asia/Bangkok',
};

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function field(source: Record<string, unknown>, key: string): string | undefined {
  const value = source[key];
  return typeof value === 'string' ? value : undefined;
}

export function parseConfig(content: string | null | undefined): WebConfig {
  if (!content) return FALLBACK_CONFIG;
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch {
    console.warn('tq-config meta tag is not valid JSON; using defaults');
    return FALLBACK_CONFIG;
  }
  if (typeof raw !== 'object' || raw === null) return FALLBACK_CONFIG;
  const source = raw as Record<string, unknown>;
  return {
    apiKey: field(source, 'apiKey') || FALLBACK_CONFIG.apiKey,
    defaultLanguage: toLanguage(field(source, 'defaultLanguage')) ?? FALLBACK_CONFIG.defaultLanguage,
    companyName: field(source, 'companyName')?.trim() ?? FALLBACK_CONFIG.companyName,
    publicUrl: /^https?:\/\//.test(field(source, 'publicUrl') ?? '')
      ? field(source, 'publicUrl')!.replace(/\/+$/, '')
      : FALLBACK_CONFIG.publicUrl,
    siteTimeZone:
      [field(source, 'siteTimeZone')].find((zone) => zone && isTimeZone(zone)) ??
      FALLBACK_CONFIG.siteTimeZone,
  };
}

function readConfig(): WebConfig {
  if (typeof document === 'undefined') return FALLBACK_CONFIG;
  const meta = document.querySelector('meta[name="tq-config"]');
  return parseConfig(meta?.getAttribute('content'));
}

export const config: WebConfig = readConfig();
