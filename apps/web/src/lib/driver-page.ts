import { config } from './config.ts';

/**
 * The driver's page for a ticket: what the ticket's QR code holds. `base` is PUBLIC_URL when
 * the server has one (the kiosk or the office may reach the server by an address phones
 * cannot), else this page's own origin.
 */
export function driverPageUrl(
  uuid: string,
  base: string = config.publicUrl || window.location.origin,
): string {
  return `${base.replace(/\/+$/, '')}/Queue/data/${encodeURIComponent(uuid)}`;
}
