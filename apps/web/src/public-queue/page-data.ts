import type { PublicQueue } from '@truck-queue/shared/contracts/public-queue.contract';
import { toLanguage, type Language } from '../lib/languages.ts';
import { isPublicQueue } from './api.ts';

/**
 * What the server rendered the driver's page with, handed to the client so it hydrates the
 * same markup: a `<script type="application/json">` block (data, never run, so the CSP's
 * script-src does not need an inline script allowed).
 */
export const PAGE_DATA_ID = 'tq-driver-page';

export interface DriverPageData {
  language: Language;
  /** The ticket as rendered; null: the page rendered "not found". */
  queue: PublicQueue | null;
  /** When the server read the ticket: the footer's "updated at". */
  renderedAt: Date;
}

/**
 * JSON that cannot end or break the script element it sits in: `<`, `>` and `&` as \u escapes
 * (no `</script>` or `<!--` can appear), and U+2028 / U+2029 escaped too, as older parsers
 * took them for line ends.
 */
export function serializePageData(data: DriverPageData): string {
  const json = JSON.stringify({
    language: data.language,
    queue: data.queue,
    renderedAt: data.renderedAt.toISOString(),
  });
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The block's data, or null when there is none or it does not hold (the client renders alone). */
export function parsePageData(text: string | null | undefined): DriverPageData | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const { language, queue, renderedAt } = raw as Record<string, unknown>;
  const lang = typeof language === 'string' ? toLanguage(language) : undefined;
  const at = typeof renderedAt === 'string' ? new Date(renderedAt) : null;
  if (!lang || !at || Number.isNaN(at.getTime())) return null;
  if (queue !== null && !isPublicQueue(queue)) return null;
  return { language: lang, queue, renderedAt: at };
}
