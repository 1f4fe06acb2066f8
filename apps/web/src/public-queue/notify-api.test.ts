import { describe, expect, it } from 'vitest';
import {
  notifyOptions,
  NotifyOptionsSchema,
  subscribePush,
  unsubscribePush,
} from '@truck-queue/shared/contracts/notification.contract';
import { NOTIFY_AHEAD_DEFAULT, NOTIFY_AHEAD_MAX } from '@truck-queue/shared/notifications/moments';
import { LANGUAGES } from '../lib/languages.ts';
import {
  isNotifyOptions,
  NOTIFY_OPTIONS_URL,
  SUBSCRIBE_PUSH_URL,
  UNSUBSCRIBE_PUSH_URL,
} from './notify-api.ts';
import { STRINGS } from './strings.ts';

/** The "notify me" card's calls are written out to keep zod out of the page: they must match. */
describe('notify me: wire constants', () => {
  it('match the contracts', () => {
    expect(NOTIFY_OPTIONS_URL).toBe(`/api/${notifyOptions.path}`);
    expect(SUBSCRIBE_PUSH_URL).toBe(`/api/${subscribePush.path}`);
    expect(UNSUBSCRIBE_PUSH_URL).toBe(`/api/${unsubscribePush.path}`);
  });
});

describe('isNotifyOptions', () => {
  const sample = {
    privacy_notice: '',
    retention_days: 90,
    web_push: {
      public_key: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
    },
    line: { chat_url: 'https://line.me/R/oaMessage/@plant/?T-016JD', code: 'T-016JD' },
    subscription: { ahead: 3, called: true, lab: false },
    line_linked: false,
    ended: false,
  };

  it('takes what the contract allows', () => {
    expect(NotifyOptionsSchema.parse(sample)).toEqual(sample);
    expect(isNotifyOptions(sample)).toBe(true);
    const none = { ...sample, web_push: null, line: null, subscription: null };
    expect(NotifyOptionsSchema.parse(none)).toEqual(none);
    expect(isNotifyOptions(none)).toBe(true);
  });

  it('refuses what the card could not read', () => {
    expect(isNotifyOptions(null)).toBe(false);
    expect(isNotifyOptions({ ...sample, web_push: {} })).toBe(false);
    expect(isNotifyOptions({ ...sample, subscription: { ahead: '3', called: true, lab: false } })).toBe(
      false,
    );
    expect(isNotifyOptions({ ...sample, ended: undefined })).toBe(false);
    expect(isNotifyOptions({ ...sample, line: { chat_url: 1, code: 'x' } })).toBe(false);
  });
});

describe('notify me: words', () => {
  it('every language says the default notice with its days, and counts the trucks', () => {
    for (const language of LANGUAGES) {
      const s = STRINGS[language].notify;
      expect(s.defaultNotice(90)).toContain('90');
      expect(s.aheadCount(NOTIFY_AHEAD_DEFAULT)).toContain(String(NOTIFY_AHEAD_DEFAULT));
      expect(s.onAhead(NOTIFY_AHEAD_MAX)).toContain(String(NOTIFY_AHEAD_MAX));
      for (const [key, value] of Object.entries(s)) {
        if (typeof value === 'string') expect(value.trim(), `${language}.notify.${key}`).not.toBe('');
      }
    }
    expect(STRINGS.th.notify.title).toBe('แจ้งเตือนฉัน');
    expect(STRINGS.ru.notify.aheadCount(2)).toBe('впереди 2 машины');
    expect(STRINGS.en.notify.aheadCount(1)).toBe('1 truck ahead');
  });
});
