import { config } from './config.ts';

/**
 * A public page's address as a phone opens it (`path` from the server, '/supplier?b=…'). `base`
 * is PUBLIC_URL when the server has one (the kiosk or the office may reach the server by an
 * address phones cannot), else this page's own origin.
 */
export function publicPageUrl(
  path: string,
  base: string = config.publicUrl || window.location.origin,
): string {
  return `${base.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The driver's page for a ticket: what the ticket's QR code holds. */
export function driverPageUrl(uuid: string, base?: string): string {
  return publicPageUrl(`/Queue/data/${encodeURIComponent(uuid)}`, base);
}
