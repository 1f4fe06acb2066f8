import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { AlertRow } from '@truck-queue/shared/contracts/alert.contract';
import th from '../../locales/th.json';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import de from '../../locales/de.json';
import it_ from '../../locales/it.json';
import ru from '../../locales/ru.json';
import { alertText, thresholdText } from './alert-text.ts';

const LOCALES = { th, en, es, de, it: it_, ru };

async function tOf(lng: keyof typeof LOCALES) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    resources: { [lng]: { translation: LOCALES[lng] } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

const capAlert: AlertRow = {
  id: 1,
  rule_id: 2,
  kind: 'cap_near',
  urgent: false,
  threshold_minutes: null,
  threshold_percent: 80,
  queue_uuid: null,
  queue_number: null,
  truck_license: null,
  queue_type_name: 'ส่งอ้อย',
  station_name: null,
  device_name: null,
  health: null,
  class_name: 'อ้อยไฟไหม้',
  share_percent: 23,
  max_percent: 25,
  since: '2026-12-02T03:00:00.000Z',
  raised_at: '2026-12-02T03:00:00.000Z',
  resolved_at: null,
  acknowledged_at: null,
  acknowledged_by: null,
  rounds: 0,
};

describe('a cap near its limit on the bell and in the lists', () => {
  it('names the line, the class, its share and its cap in every language', async () => {
    const now = Date.parse(capAlert.since);
    expect(alertText(await tOf('th'), capAlert, now)).toBe(
      'ประเภท ส่งอ้อย: อ้อยไฟไหม้ ถึง 23% ของวันนี้ (เพดาน 25%) มีรถรอ',
    );
    expect(alertText(await tOf('en'), capAlert, now)).toBe(
      'ส่งอ้อย: อ้อยไฟไหม้ at 23% of today (cap 25%), trucks waiting',
    );
    for (const lng of Object.keys(LOCALES) as (keyof typeof LOCALES)[]) {
      const text = alertText(await tOf(lng), capAlert, now);
      for (const part of ['ส่งอ้อย', 'อ้อยไฟไหม้', '23', '25']) expect(text, lng).toContain(part);
    }
  });

  it('writes a rule’s threshold as a percent of the cap, or minutes', async () => {
    const t = await tOf('th');
    expect(thresholdText(t, { threshold_minutes: null, threshold_percent: 90 })).toBe('90% ของเพดาน');
    expect(thresholdText(t, { threshold_minutes: 45, threshold_percent: null })).toBe('45 นาที');
  });
});
