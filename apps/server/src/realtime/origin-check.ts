import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { peerIsTrustedProxy, type ProxyTrust } from '../lib/client-address.ts';

export interface OriginPolicy {
  /** ALLOWED_ORIGINS, already normalised by config.ts. */
  allowedOrigins: readonly string[];
  /** PUBLIC_URL: the server's address as drivers' phones know it, also its own. */
  publicUrl: string | null;
  /**
   * TRUST_PROXY's rule (lib/client-address.ts): X-Forwarded-Host and X-Forwarded-Proto are
   * believed only when the TCP peer is a trusted proxy, as Fastify does for request.host.
   */
  trustProxy: ProxyTrust;
}

const first = (value: string | string[] | undefined): string | undefined =>
  (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;

function originOf(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The origin the browser reached: scheme and Host of the request (or of the proxy in front). */
export function ownOrigin(request: IncomingMessage, trust: ProxyTrust): string | null {
  const proxied = peerIsTrustedProxy(request.socket.remoteAddress, trust);
  const host = (proxied ? first(request.headers['x-forwarded-host']) : undefined) ?? request.headers.host;
  const proto =
    (proxied ? first(request.headers['x-forwarded-proto']) : undefined) ??
    ((request.socket as Partial<TLSSocket>).encrypted ? 'https' : 'http');
  if (!host || (proto !== 'http' && proto !== 'https')) return null;
  return originOf(`${proto}://${host}`);
}

/**
 * Whether a Socket.IO handshake may go on, from its Origin header. None: not a browser (tests,
 * the simulator, a kiosk's native wrapper), which the session, API key or device secret still
 * guard. Otherwise the page must be the server's own, PUBLIC_URL's, or listed in ALLOWED_ORIGINS:
 * a page on another site must not talk to the plant's sockets through an officer's browser.
 */
export function originAllowed(request: IncomingMessage, policy: OriginPolicy): boolean {
  const header = request.headers.origin;
  if (header === undefined) return true;
  const origin = originOf(header);
  if (origin === null) return false;
  if (origin === ownOrigin(request, policy.trustProxy)) return true;
  if (policy.publicUrl !== null && origin === originOf(policy.publicUrl)) return true;
  return policy.allowedOrigins.includes(origin);
}
