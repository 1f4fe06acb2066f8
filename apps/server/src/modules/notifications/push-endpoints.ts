import { parse as legacyParse } from 'node:url';

/**
 * Whether the server may send to a browser's push endpoint (PUSH_SERVICE_HOSTS): the server
 * POSTs to whatever address a driver's page gives, so only the push services named there are
 * taken, over https (RFC 8030; the sender speaks nothing else). An entry with a port
 * (`127.0.0.1:4100`, a test's stand-in) must match that port; one without takes 443 only.
 *
 * An address is only taken when every reader reads the same host in it (issue 37): the
 * allow-list reads it as the WHATWG `URL` does, while the `web-push` package and other
 * libraries read addresses with Node's legacy `url.parse`, which ends the host at the first
 * `;`, `%`, `{`, `}`, quote, backtick or other character it does not take in a host name.
 * `https://127.0.0.1;.notify.windows.com/x` is a host of notify.windows.com to the first and
 * 127.0.0.1 to the second. So the endpoint must be written exactly as `URL` writes it back
 * (nothing escaped, rewritten or dropped), its host a plain name of letters, digits, dots and
 * dashes, its path and query only characters no reader treats as anything else, and `url.parse`
 * must read the same host and port. The sender dials the host and port read here, never the
 * string again (web-push.channel.ts).
 */

/** Where a checked endpoint is sent: the only host, port and path the sender dials. */
export interface PushTarget {
  hostname: string;
  port: number;
  /** Path and query, as sent in the request line. */
  path: string;
  /** `https://host[:port]`: the VAPID audience. */
  origin: string;
}

export type PushEndpointCheck =
  | { ok: true; target: PushTarget }
  /** `not_canonical`: readers could disagree on where it goes; `not_allowed`: not a push service of the list. */
  | { ok: false; problem: 'not_canonical' | 'not_allowed' };

/** A host name of letters, digits and dashes, dot-separated (an IPv4 address is one too). */
const PLAIN_HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;
/**
 * The whole endpoint: https, a plain host, an optional port, then a path and query of unreserved
 * characters, `/ ? : = & + , ! $ * ( )` and well-formed %-escapes. No `@ ; ' " \ { } [ ] | ^ ` < >`,
 * no `#`, no spaces or control characters: every reader of URLs reads such a string the same.
 */
const SAFE_ENDPOINT =
  /^https:\/\/[a-z0-9.-]+(?::[0-9]{1,5})?\/(?:[A-Za-z0-9\-._~/?:=&+,!$*()]|%[0-9A-Fa-f]{2})*$/;

/** At most this long (browsers' endpoints are a few hundred characters). */
export const MAX_PUSH_ENDPOINT_LENGTH = 1000;

function hostAllowed(host: string, port: string, allowed: readonly string[]): boolean {
  for (const entry of allowed) {
    const [name = '', entryPort] = entry.toLowerCase().split(':');
    if (entryPort !== undefined) {
      if (host === name && port === entryPort) return true;
      continue;
    }
    if (port !== '') continue;
    if (name.startsWith('*.') ? host.endsWith(name.slice(1)) && host.length > name.length - 1 : host === name)
      return true;
  }
  return false;
}

/**
 * The host, port and path of an https address every reader of URLs reads alike (see above), or
 * null when readers could disagree on where it goes. Web Push's endpoints and the webhooks'
 * addresses are both read with it.
 */
export function readHttpsAddress(address: string, maxLength: number): PushTarget | null {
  if (address.length > maxLength || !SAFE_ENDPOINT.test(address)) return null;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  const legacy = legacyParse(address);
  if (
    url.href !== address ||
    url.protocol !== 'https:' ||
    url.username !== '' ||
    url.password !== '' ||
    url.hash !== '' ||
    !PLAIN_HOST.test(url.hostname) ||
    legacy.protocol !== 'https:' ||
    legacy.auth !== null ||
    legacy.hostname !== url.hostname ||
    (legacy.port ?? '') !== url.port
  )
    return null;
  return {
    hostname: url.hostname,
    port: url.port === '' ? 443 : Number(url.port),
    path: `${url.pathname}${url.search}`,
    origin: url.origin,
  };
}

export function checkPushEndpoint(endpoint: string, allowed: readonly string[]): PushEndpointCheck {
  const target = readHttpsAddress(endpoint, MAX_PUSH_ENDPOINT_LENGTH);
  if (!target) return { ok: false, problem: 'not_canonical' };
  // `URL` writes the default port (443) as none: an address with `:443` is not canonical.
  const port = target.port === 443 ? '' : String(target.port);
  if (!hostAllowed(target.hostname, port, allowed)) return { ok: false, problem: 'not_allowed' };
  return { ok: true, target };
}

/** Whether the server may send to this endpoint at all (both checks above). */
export function isAllowedPushEndpoint(endpoint: string, allowed: readonly string[]): boolean {
  return checkPushEndpoint(endpoint, allowed).ok;
}
