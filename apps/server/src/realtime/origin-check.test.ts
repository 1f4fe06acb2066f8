import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { proxyTrust, trustNoProxy } from '../lib/client-address.ts';
import { originAllowed, ownOrigin, type OriginPolicy } from './origin-check.ts';

const PROXY = '10.0.0.10';

/** A handshake request as Node gives it: headers (lower-case) and the socket it came on. */
function handshake(headers: Record<string, string>, encrypted = false, peer = PROXY): IncomingMessage {
  return { headers, socket: { encrypted, remoteAddress: peer } } as unknown as IncomingMessage;
}

const policy: OriginPolicy = { allowedOrigins: [], publicUrl: null, trustProxy: trustNoProxy };
/** TRUST_PROXY=10.0.0.10: the nginx in front. */
const behindProxy: OriginPolicy = { ...policy, trustProxy: proxyTrust([PROXY]) };

describe('the Socket.IO origin check', () => {
  it('lets clients without an Origin through: tests, the simulator, native kiosk wrappers', () => {
    expect(originAllowed(handshake({ host: 'queue.local:3000' }), policy)).toBe(true);
  });

  it("accepts the server's own page, whatever the address the browser used", () => {
    for (const [host, origin] of [
      ['queue.local:3000', 'http://queue.local:3000'],
      ['10.0.0.5:3000', 'http://10.0.0.5:3000'],
      ['Queue.Local', 'http://queue.local'],
      ['queue.local:80', 'http://queue.local'],
    ]) {
      expect(originAllowed(handshake({ host: host!, origin: origin! }), policy), origin).toBe(true);
    }
    expect(ownOrigin(handshake({ host: 'q.example' }, true), trustNoProxy)).toBe('https://q.example');
  });

  it('refuses any other page: another site, another port or scheme, a sandboxed or file page', () => {
    for (const origin of [
      'http://evil.example',
      'http://queue.local:3001',
      'https://queue.local:3000',
      'null',
      'file://',
      'not a url',
    ]) {
      expect(originAllowed(handshake({ host: 'queue.local:3000', origin }), policy), origin).toBe(false);
    }
    expect(originAllowed(handshake({ origin: 'http://queue.local' }), policy)).toBe(false);
  });

  it('accepts ALLOWED_ORIGINS and the PUBLIC_URL site', () => {
    const open = {
      ...policy,
      allowedOrigins: ['https://tv.example.co.th'],
      publicUrl: 'https://queue.example.co.th/plant',
    };
    const from = (origin: string) => originAllowed(handshake({ host: 'backend:3000', origin }), open);
    expect(from('https://tv.example.co.th')).toBe(true);
    expect(from('https://queue.example.co.th')).toBe(true);
    expect(from('http://tv.example.co.th')).toBe(false);
    expect(from('https://evil.example')).toBe(false);
  });

  it('believes X-Forwarded-Host and X-Forwarded-Proto only from a proxy TRUST_PROXY names', () => {
    const proxied = handshake({
      host: 'backend:3000',
      origin: 'https://queue.example.co.th',
      'x-forwarded-host': 'queue.example.co.th',
      'x-forwarded-proto': 'https',
    });
    expect(originAllowed(proxied, policy)).toBe(false);
    expect(originAllowed(proxied, behindProxy)).toBe(true);
    // The same headers sent straight to the server by someone else are not believed.
    const direct = handshake({ ...proxied.headers } as Record<string, string>, false, '203.0.113.5');
    expect(originAllowed(direct, behindProxy)).toBe(false);
    // A list (several proxies): the first is what the browser reached.
    const chained = handshake({
      host: 'backend:3000',
      origin: 'https://queue.example.co.th',
      'x-forwarded-host': 'queue.example.co.th, inner.lan',
      'x-forwarded-proto': 'https,http',
    });
    expect(originAllowed(chained, behindProxy)).toBe(true);
    const badProto = handshake({ host: 'q', origin: 'http://q', 'x-forwarded-proto': 'gopher' });
    expect(originAllowed(badProto, behindProxy)).toBe(false);
  });
});
