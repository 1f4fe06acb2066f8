import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../../locales/en.json';
import th from '../../locales/th.json';
import { ApiRequestError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/errors.ts';
import { weighingRefusalHint } from './refusal-hint.ts';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'th', resources: { en: { translation: en }, th: { translation: th } } });
const thT = i18n.getFixedT('th');
const enT = i18n.getFixedT('en');

describe("the weighbridge's refusal of a truck whose flow is not weighed", () => {
  it('says in Thai that this visitor is not weighed, and that it leaves through the gate', () => {
    const refused = new ApiRequestError(
      'CONFLICT',
      409,
      'Queue G001 is on a flow whose trucks are not weighed.',
      {
        reason: 'FLOW_NOT_WEIGHED',
        queueNumber: 'G001',
      },
    );
    expect(errorMessage(thT, refused)).toBe(
      'คิว G001 เป็นรถประเภททั่วไป (เช่น ผู้มาติดต่อ) ซึ่งไม่ต้องชั่งน้ำหนัก จึงบันทึกน้ำหนักไม่ได้',
    );
    expect(weighingRefusalHint(thT, 'FLOW_NOT_WEIGHED')).toBe('รถคันนี้ไม่ต้องขึ้นตาชั่ง ให้ออกทางป้อมยามได้เลย');
    expect(errorMessage(enT, refused)).toContain('not weighed');
    expect(weighingRefusalHint(thT, 'ALREADY_WEIGHED_IN')).toBe(th.weighing.useWeighOut);
    expect(weighingRefusalHint(thT, 'NOT_WEIGHED_IN')).toBeUndefined();
  });
});
