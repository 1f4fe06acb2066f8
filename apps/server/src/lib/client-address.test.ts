import { describe, expect, it } from 'vitest';
import { clientAddress, proxyTrust, trustNoProxy } from './client-address.ts';

describe('the client address rule', () => {
  const behindNginx = proxyTrust(['10.0.0.10']);

  it('ignores X-Forwarded-For when no proxy is trusted', () => {
    expect(clientAddress('203.0.113.5', { 'x-forwarded-for': '1.2.3.4' }, trustNoProxy)).toBe('203.0.113.5');
  });

  it('ignores X-Forwarded-For sent straight to the server by anyone but the proxy', () => {
    expect(clientAddress('203.0.113.5', { 'x-forwarded-for': '1.2.3.4' }, behindNginx)).toBe('203.0.113.5');
  });

  it('takes the right-most address the trusted proxies did not write themselves', () => {
    // The client sent "1.2.3.4" itself; nginx appended the address it really came from.
    const headers = { 'x-forwarded-for': '1.2.3.4, 198.51.100.20' };
    expect(clientAddress('10.0.0.10', headers, behindNginx)).toBe('198.51.100.20');
    // Two proxies in a row (a load balancer, then nginx), both named.
    const chain = proxyTrust(['10.0.0.10', '10.0.1.0/24']);
    expect(clientAddress('10.0.0.10', { 'x-forwarded-for': '1.2.3.4, 198.51.100.20, 10.0.1.7' }, chain)).toBe(
      '198.51.100.20',
    );
    expect(clientAddress('10.0.0.10', {}, behindNginx)).toBe('10.0.0.10');
  });
});
