import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/**
 * The one rule for "who is the client" behind a reverse proxy (TRUST_PROXY), used by Fastify
 * for `request.ip` and by Socket.IO for its audit and origin check, so both always agree.
 *
 * `(address, hop)`: whether the address `hop` steps from the server (0: the TCP peer) is a
 * proxy whose X-Forwarded-* headers we believe. The client is the right-most address in
 * X-Forwarded-For that is not a trusted proxy: anything left of it was written by the client
 * and is its own choice.
 */
export type ProxyTrust = (address: string, hop: number) => boolean;

/** TRUST_PROXY off: only the TCP peer counts, every X-Forwarded-* header is ignored. */
export const trustNoProxy: ProxyTrust = () => false;

/**
 * The trust rule for a list of proxies: addresses, CIDR ranges, or proxy-addr's names
 * `loopback`, `linklocal` and `uniquelocal`. Throws on an entry that is none of these.
 * An empty list trusts nothing.
 */
export function proxyTrust(proxies: readonly string[]): ProxyTrust {
  return proxies.length === 0 ? trustNoProxy : proxyAddr.compile([...proxies]);
}

/** The client's address from the TCP peer and X-Forwarded-For, as Fastify computes `request.ip`. */
export function clientAddress(
  peer: string | undefined,
  headers: IncomingHttpHeaders,
  trust: ProxyTrust,
): string {
  // proxy-addr reads only these two fields; Socket.IO keeps the peer as a string in its handshake.
  const request = { headers, socket: { remoteAddress: peer } } as unknown as IncomingMessage;
  // Typed as a string, but undefined when the peer's socket is already gone.
  const address: string | undefined = proxyAddr(request, trust);
  return address ?? '';
}

/** Whether the TCP peer is a trusted proxy, so its X-Forwarded-Host and -Proto may be believed. */
export function peerIsTrustedProxy(peer: string | undefined, trust: ProxyTrust): boolean {
  return peer !== undefined && trust(peer, 0);
}
