import type { Socket } from 'socket.io';
import { clientAddress, type ProxyTrust } from '../lib/client-address.ts';

/** A socket's client address and browser, by the same TRUST_PROXY rule as HTTP's request.ip. */
export function clientInfo(socket: Pick<Socket, 'handshake'>, trustProxy: ProxyTrust) {
  const { address, headers } = socket.handshake;
  const ua = headers['user-agent'];
  return {
    ip: clientAddress(address, headers, trustProxy),
    userAgent: typeof ua === 'string' ? ua.slice(0, 500) : null,
  };
}
