import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_SERVICE_HOSTS } from '../../config.ts';
import { checkPushEndpoint, isAllowedPushEndpoint } from './push-endpoints.ts';

describe('the push endpoints the server sends to', () => {
  const allowed = [...DEFAULT_PUSH_SERVICE_HOSTS, '127.0.0.1:4100'];

  it("takes the real push services' addresses over https", () => {
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc:def', allowed)).toBe(true);
    expect(isAllowedPushEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x', allowed)).toBe(true);
    expect(isAllowedPushEndpoint('https://wns2-sg2p.notify.windows.com/w/?token=x', allowed)).toBe(true);
    expect(isAllowedPushEndpoint('https://web.push.apple.com/QG', allowed)).toBe(true);
    expect(isAllowedPushEndpoint('https://127.0.0.1:4100/push/1', allowed)).toBe(true);
  });

  it("refuses the plant's own network, plain http, other ports, look-alikes and credentials", () => {
    expect(isAllowedPushEndpoint('http://fcm.googleapis.com/fcm/send/x', allowed)).toBe(false);
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com:8443/x', allowed)).toBe(false);
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com.evil.example/x', allowed)).toBe(false);
    expect(isAllowedPushEndpoint('https://evilnotify.windows.com/x', allowed)).toBe(false);
    expect(isAllowedPushEndpoint('https://notify.windows.com/x', allowed)).toBe(false);
    expect(isAllowedPushEndpoint('https://10.0.0.5/x', allowed)).toBe(false);
    expect(isAllowedPushEndpoint('http://127.0.0.1:3000/api/admin', allowed)).toBe(false);
    expect(isAllowedPushEndpoint('http://127.0.0.1:4100/push/1', allowed)).toBe(false);
    expect(isAllowedPushEndpoint('https://user:pw@fcm.googleapis.com/x', allowed)).toBe(false);
    expect(isAllowedPushEndpoint('not a url', allowed)).toBe(false);
  });
});

/**
 * Issue 37: endpoints the allow-list (WHATWG URL) read as a host of notify.windows.com while the
 * web-push package's legacy `url.parse` read 127.0.0.1. Each is refused as not canonical.
 */
export const PARSER_TRICKS = [
  ';',
  '%3B',
  '{',
  '}',
  '\\',
  '"',
  "'",
  '`',
  '%7B',
  '%22',
  '%27',
  '%21',
  '%2D',
  '%30',
].map((c) => `https://127.0.0.1${c}.notify.windows.com/x`);

describe('endpoints that readers of URLs read differently', () => {
  const allowed = [...DEFAULT_PUSH_SERVICE_HOSTS, '127.0.0.1:4100'];

  it('refuses every one as not canonical, whatever the allow-list says', () => {
    for (const endpoint of PARSER_TRICKS) {
      expect(checkPushEndpoint(endpoint, allowed), endpoint).toEqual({ ok: false, problem: 'not_canonical' });
      expect(isAllowedPushEndpoint(endpoint, allowed), endpoint).toBe(false);
    }
  });

  it('refuses what is not written as URL writes it back, and what the path could hide', () => {
    for (const endpoint of [
      'https://FCM.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:443/fcm/send/x',
      'https://fcm.googleapis.com',
      'https://fcm.googleapis.com/a b',
      'https://fcm.googleapis.com/x#frag',
      'https://fcm.googleapis.com/x@127.0.0.1/',
      'https://fcm.googleapis.com/x;y',
      'https://fcm.googleapis.com/%zz',
      'https://fcm.googleapis.com./x',
      'https://xn--fcm-gooogleapis.com/x\u0000',
      'https://[::1]/x',
      ' https://fcm.googleapis.com/x',
      `https://fcm.googleapis.com/${'a'.repeat(1000)}`,
    ])
      expect(checkPushEndpoint(endpoint, allowed), endpoint).toMatchObject({ ok: false });
  });

  it("takes real browsers' endpoints and says exactly where to send them", () => {
    expect(
      checkPushEndpoint('https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD1%2bYq5%3d%3d&x=1', allowed),
    ).toEqual({
      ok: true,
      target: {
        hostname: 'wns2-par02p.notify.windows.com',
        port: 443,
        path: '/w/?token=BQYAAAD1%2bYq5%3d%3d&x=1',
        origin: 'https://wns2-par02p.notify.windows.com',
      },
    });
    expect(
      checkPushEndpoint('https://fcm.googleapis.com/fcm/send/dXk-1_a:APA91bH-x_Y', allowed),
    ).toMatchObject({ ok: true, target: { hostname: 'fcm.googleapis.com', port: 443 } });
    expect(checkPushEndpoint('https://127.0.0.1:4100/push/1', allowed)).toMatchObject({
      ok: true,
      target: { hostname: '127.0.0.1', port: 4100, path: '/push/1', origin: 'https://127.0.0.1:4100' },
    });
    expect(checkPushEndpoint('https://10.0.0.5/x', allowed)).toEqual({ ok: false, problem: 'not_allowed' });
  });
});
