import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, guardedLookup, isPublicAddress } from './webhook-address.ts';

describe('isPublicAddress', () => {
  it('takes public unicast addresses only', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '203.0.114.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(ip), ip).toBe(true);
    for (const ip of [
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.20',
      '127.0.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      '::7f00:1',
      '::ffff:0:a00:1',
      '3fff::1',
      'not an address',
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
  });
});

describe('checkWebhookUrl', () => {
  it('takes a plain https address, refuses private literals and unreadable ones', () => {
    expect(checkWebhookUrl('https://erp.example.com/hooks/tq?x=1', [])).toMatchObject({
      ok: true,
      target: { hostname: 'erp.example.com', port: 443, path: '/hooks/tq?x=1' },
    });
    expect(checkWebhookUrl('https://192.168.1.20:8443/hooks', [])).toEqual({ ok: false, problem: 'private' });
    expect(checkWebhookUrl('https://localhost/hooks', [])).toEqual({ ok: false, problem: 'private' });
    expect(checkWebhookUrl('http://erp.example.com/', [])).toEqual({ ok: false, problem: 'not_https' });
    expect(checkWebhookUrl('https://erp.example.com', [])).toEqual({ ok: false, problem: 'not_https' });
    expect(checkWebhookUrl('https://a@erp.example.com/', [])).toEqual({ ok: false, problem: 'not_https' });
    expect(checkWebhookUrl('https://1.1.1.1:0/', [])).toEqual({ ok: false, problem: 'not_https' });
  });

  it('takes a private host:port IT opened, and only that port', () => {
    expect(checkWebhookUrl('https://192.168.1.20:8443/hooks', ['192.168.1.20:8443']).ok).toBe(true);
    expect(checkWebhookUrl('https://192.168.1.20/hooks', ['192.168.1.20:8443']).ok).toBe(false);
  });
});

describe('guardedLookup', () => {
  const resolve = (host: string, opened: string[]) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((done) =>
      guardedLookup({ hostname: host, port: 443 }, opened)(host, {}, (error, address) =>
        done({ error, address }),
      ),
    );

  it('refuses a name that resolves to a private address when the socket connects', async () => {
    const { error } = await resolve('localhost', []);
    expect(error?.code).toBe('EPRIVATEADDRESS');
    expect(error?.message).toMatch(/localhost resolves to a private address/);
  });

  it('lets it through when IT opened that host and port', async () => {
    const { error, address } = await resolve('localhost', ['localhost:443']);
    expect(error).toBeNull();
    expect(typeof address).toBe('string');
  });
});
