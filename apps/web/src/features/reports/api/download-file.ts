import { ApiErrorSchema, HEADER_API_KEY, HEADER_SESSION } from '@truck-queue/shared/contracts/api';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { config } from '../../../lib/config.ts';
import { readSession } from '../../../lib/session.ts';

/**
 * The file name a Content-Disposition header gives: `filename*=UTF-8''…` (RFC 5987, how a Thai
 * name travels) before the plain `filename="…"`; `fallback` when neither is usable.
 */
export function fileNameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  if (extended) {
    const match = /^([\w!#$%&+^`{}~-]*)'[^']*'(.*)$/.exec(extended.replace(/^"|"$/g, ''));
    if (match && (match[1] === '' || /^utf-8$/i.test(match[1]!))) {
      try {
        const name = safeName(decodeURIComponent(match[2]!));
        if (name) return name;
      } catch {
        // a malformed escape: try the plain name
      }
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]*)/i.exec(header);
  if (plain) {
    const name = safeName(plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1]!.trim());
    if (name) return name;
  }
  return fallback;
}

/** A name the browser may save under: no folders, no control characters. */
function safeName(name: string): string {
  return (
    name
      .split(/[/\\]/)
      .pop()!
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
  );
}

/**
 * Fetches a file the server keeps for this session (it needs the API key and session headers,
 * which a new tab cannot send) and hands it to the browser's downloads; resolves to its name.
 */
export async function downloadFile(url: string, fallbackName: string, signal?: AbortSignal): Promise<string> {
  const headers: Record<string, string> = { [HEADER_API_KEY]: config.apiKey };
  const session = readSession();
  if (session) headers[HEADER_SESSION] = session;
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: signal ?? null, cache: 'no-store' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiRequestError('NETWORK', 0, error instanceof Error ? error.message : 'Network error');
  }
  if (!response.ok) {
    const parsed = ApiErrorSchema.safeParse(await response.json().catch(() => undefined));
    throw new ApiRequestError(
      parsed.success ? parsed.data.code : response.status === 404 ? 'NOT_FOUND' : 'INTERNAL',
      response.status,
      parsed.success ? parsed.data.message : response.statusText,
    );
  }
  const blob = await response.blob();
  const name = fileNameFromDisposition(response.headers.get('content-disposition'), fallbackName);
  saveBlob(blob, name);
  return name;
}

/** Starts the browser's download of `blob` as `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the data by the time a minute has passed; keep memory for the next one.
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
