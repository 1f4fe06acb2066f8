import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LineRuleSchema, type LineRule } from '@truck-queue/shared/contracts/line-rule';
import en from '../../../locales/en.json';
import th from '../../../locales/th.json';
import { checkRule, formOf, newClass, ruleOf, ruleSummary, serverErrors } from './order-rule-form.ts';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'th', resources: { en: { translation: en }, th: { translation: th } } });
const thT = i18n.getFixedT('th');
const enT = i18n.getFixedT('en');

const CANE: LineRule = {
  classes: [
    { key: 'fresh', name: 'อ้อยสด', share: 2, first: true, product_ids: [1] },
    { key: 'c2', name: 'อ้อยไฟไหม้', share: 1, first: false, product_ids: [2, 3] },
  ],
  ordinary_share: 1,
  max_wait_minutes: 180,
  fresh_limit_minutes: null,
  stale_first: false,
  caps: [{ class_key: 'c2', max_percent: 25, of: 'loads', when_full: 'ask' }],
  ask_reason: true,
};

describe('the order-rule editor', () => {
  it('reads a rule and saves the same rule back (caps on their class, keys kept)', () => {
    expect(ruleOf(formOf(CANE))).toEqual(CANE);
    expect(ruleOf(formOf(null))).toBeNull();
  });

  it('gives a new class the first free key, stable against removals', () => {
    const form = formOf(CANE);
    expect(newClass(form.classes).key).toBe('c1');
    expect(newClass([...form.classes, newClass(form.classes)]).key).toBe('c3');
  });

  it('says the rule in one plain line, Thai and English', () => {
    expect(ruleSummary(thT, CANE)).toBe(
      'อ้อยสดเรียกก่อน · อ้อยไฟไหม้ไม่เกิน 25 % ของเที่ยว · รอเกิน 3 ชม. เรียกก่อน · เรียกข้ามลำดับต้องมีเหตุผล',
    );
    expect(ruleSummary(enT, null)).toBe('First come, first served');
    expect(ruleSummary(enT, { ...CANE, classes: [{ ...CANE.classes[1]!, share: 2 }], caps: [] })).toBe(
      'อ้อยไฟไหม้ : ordinary = 2 : 1 · waiting over 3 h goes first · out-of-order calls need a reason',
    );
    expect(
      ruleSummary(thT, { ...CANE, classes: [], caps: [], max_wait_minutes: 90, ask_reason: false }),
    ).toBe('รอเกิน 1 ชม. 30 นาที เรียกก่อน');
  });

  it('finds what the schema refuses, on the field the admin fixes', () => {
    const form = formOf(CANE);
    form.classes[1]!.name = 'อ้อยสด';
    form.classes[1]!.product_ids = [1];
    form.classes[1]!.cap!.max_percent = 100;
    form.maxWaitHours = 0;
    form.maxWaitMinutes = 5;
    form.classes.push({ ...newClass(form.classes), name: ' ' });
    expect(checkRule(form)).toEqual({
      'classes.1.name': 'nameTaken',
      'classes.1.product_ids': 'productTaken',
      'classes.1.cap': 'percentRange',
      'classes.2.name': 'nameRequired',
      max_wait: 'maxWaitRange',
    });
    expect(LineRuleSchema.safeParse(ruleOf(formOf(CANE))).success).toBe(true);
    expect(checkRule(formOf(CANE))).toEqual({});
    expect(checkRule({ ...formOf(CANE), fifo: true, ordinary_share: null })).toEqual({});
  });

  it("puts the server's refusals on the fields", () => {
    expect(
      serverErrors(
        [
          { path: 'rule.classes.1.product_ids', message: 'is not a product of this queue type' },
          { path: 'rule.caps.0.max_percent', message: 'Too big' },
        ],
        formOf(CANE),
      ),
    ).toEqual({ 'classes.1.product_ids': 'productNotOffered', 'classes.1.cap': 'percentRange' });
  });
});
