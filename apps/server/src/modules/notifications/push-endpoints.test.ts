import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_SERVICE_HOSTS } from '../../config.ts';
import { isAllowedPushEndpoint } from './push-endpoints.ts';

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
