import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_URL_MAX } from '@truck-queue/shared/integrations/webhooks';
import { readHttpsAddress, type PushTarget } from '../notifications/push-endpoints.ts';

/**
 * Where the server may POST a webhook: the outbound rules of Web Push (push-endpoints.ts: https,
 * an address every URL reader reads alike) and, since an admin types the address, no private
 * address: not the plant's own network, loopback, link-local (the cloud's metadata service),
 * carrier NAT, multicast or reserved ranges, checked on every address the name resolves to when
 * the POST is made (a name that resolved publicly when saved can point inside later), and the
 * address checked is the one dialled (no second lookup). IT may open named `host:port` entries on
 * the plant's network (WEBHOOK_PRIVATE_HOSTS: an ERP on the LAN; tests' receiver).
 */

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  // Unspecified and loopback, and IPv4-compatible (::a.b.c.d) and SIIT (::ffff:0:a.b.c.d) forms.
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address (v4 or v6, IPv4 mapped into IPv6 read as IPv4) is a public unicast one. */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  if (family === 4) return !PRIVATE.check(ip, 'ipv4');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return isPublicAddress(mapped[1]!);
  return !PRIVATE.check(ip, 'ipv6');
}

export type WebhookAddressCheck =
  | { ok: true; target: PushTarget }
  /** `not_https`: not an https address any reader reads alike; `private`: an address on a private network. */
  | { ok: false; problem: 'not_https' | 'private' };

const opened = (target: { hostname: string; port: number }, privateHosts: readonly string[]) =>
  privateHosts.includes(`${target.hostname}:${target.port}`);

/** The address as typed: readable alike, https, and not an IP literal of a private network (unless opened). */
export function checkWebhookUrl(url: string, privateHosts: readonly string[]): WebhookAddressCheck {
  const target = readHttpsAddress(url, WEBHOOK_URL_MAX);
  if (!target || target.port === 0) return { ok: false, problem: 'not_https' };
  if (isIP(target.hostname) !== 0 && !isPublicAddress(target.hostname) && !opened(target, privateHosts))
    return { ok: false, problem: 'private' };
  if (target.hostname === 'localhost' && !opened(target, privateHosts))
    return { ok: false, problem: 'private' };
  return { ok: true, target };
}

/** The refusal a lookup gives when a name resolves to a private address: the delivery's error. */
export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for the POST's socket: resolves the name and refuses it when any of its addresses is
 * private (unless the target is opened), so the socket connects only to an address checked here.
 */
export function guardedLookup(target: { hostname: string; port: number }, privateHosts: readonly string[]) {
  const open = opened(target, privateHosts);
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const bad = addresses.find((a) => !isPublicAddress(a.address));
      if (bad && !open) {
        return callback(
          new PrivateAddressError(`${hostname} resolves to a private address (${bad.address})`),
          [],
        );
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };
}
