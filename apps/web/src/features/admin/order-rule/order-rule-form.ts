import type { TFunction } from 'i18next';
import { LineRuleSchema, type LineRule } from '@truck-queue/shared/contracts/line-rule';

/**
 * The admin's order-rule editor (issue 38): the form's state, the rule it saves
 * (shared/contracts/line-rule.ts LineRuleSchema), the same checks with the officers' words, and
 * the rule in one plain line for the form and the Define Queue table.
 */

export const MAX_CLASSES = 8;

export interface ClassCapForm {
  max_percent: number | null;
  of: 'loads' | 'tonnes';
  when_full: 'hold' | 'ask';
}

export interface ClassForm {
  /** Stable: kept when editing, a new row takes the first free c1, c2, … */
  key: string;
  name: string;
  share: number | null;
  first: boolean;
  product_ids: number[];
  /** Its daily cap, or null for none. */
  cap: ClassCapForm | null;
}

export interface RuleForm {
  /** First come, first served (rule null). */
  fifo: boolean;
  classes: ClassForm[];
  ordinary_share: number | null;
  maxWaitOn: boolean;
  maxWaitHours: number | null;
  maxWaitMinutes: number | null;
  freshOn: boolean;
  freshHours: number | null;
  stale_first: boolean;
  ask_reason: boolean;
}

/** The form for a rule as read (null: first come, first served, with a rule's starting values). */
export function formOf(rule: LineRule | null): RuleForm {
  const r = rule ?? {
    classes: [],
    ordinary_share: 1,
    max_wait_minutes: null,
    fresh_limit_minutes: null,
    stale_first: false,
    caps: [],
    ask_reason: false,
  };
  return {
    fifo: rule === null,
    classes: r.classes.map((c) => {
      const cap = r.caps.find((k) => k.class_key === c.key);
      return {
        key: c.key,
        name: c.name,
        share: c.share,
        first: c.first,
        product_ids: [...c.product_ids],
        cap: cap ? { max_percent: cap.max_percent, of: cap.of, when_full: cap.when_full } : null,
      };
    }),
    ordinary_share: r.ordinary_share,
    maxWaitOn: r.max_wait_minutes !== null,
    maxWaitHours: r.max_wait_minutes === null ? 3 : Math.floor(r.max_wait_minutes / 60),
    maxWaitMinutes: r.max_wait_minutes === null ? 0 : r.max_wait_minutes % 60,
    freshOn: r.fresh_limit_minutes !== null,
    freshHours: r.fresh_limit_minutes === null ? 24 : Math.round(r.fresh_limit_minutes / 6) / 10,
    stale_first: r.stale_first,
    ask_reason: r.ask_reason,
  };
}

/** The first key c1, c2, … no class of the form has. */
export function newClassKey(classes: readonly { key: string }[]): string {
  const used = new Set(classes.map((c) => c.key));
  for (let n = 1; ; n++) if (!used.has(`c${n}`)) return `c${n}`;
}

/** A new class row: 2 calls to the ordinary trucks' 1, no products, no cap. */
export function newClass(classes: readonly ClassForm[]): ClassForm {
  return { key: newClassKey(classes), name: '', share: 2, first: false, product_ids: [], cap: null };
}

/** The rule the form saves (null: first come, first served). */
export function ruleOf(form: RuleForm): LineRule | null {
  if (form.fifo) return null;
  return {
    classes: form.classes.map((c) => ({
      key: c.key,
      name: c.name.trim(),
      share: c.share ?? 0,
      first: c.first,
      product_ids: c.product_ids,
    })),
    ordinary_share: form.ordinary_share ?? 0,
    max_wait_minutes: form.maxWaitOn ? (form.maxWaitHours ?? 0) * 60 + (form.maxWaitMinutes ?? 0) : null,
    fresh_limit_minutes: form.freshOn ? Math.round((form.freshHours ?? 0) * 60) : null,
    stale_first: form.freshOn && form.stale_first,
    caps: form.classes.flatMap((c) =>
      c.cap
        ? [
            {
              class_key: c.key,
              max_percent: c.cap.max_percent ?? 0,
              of: c.cap.of,
              when_full: c.cap.when_full,
            },
          ]
        : [],
    ),
    ask_reason: form.ask_reason,
  };
}

/** What is wrong with a field, as orderRule.errors.* says it. */
export type RuleErrorKey =
  | 'nameRequired'
  | 'nameTooLong'
  | 'nameTaken'
  | 'nameInvalid'
  | 'share'
  | 'productTaken'
  | 'productNotOffered'
  | 'tooManyProducts'
  | 'tooManyClasses'
  | 'maxWaitRange'
  | 'freshRange'
  | 'staleNeedsLimit'
  | 'percentRange'
  | 'capClass'
  | 'invalid';

/**
 * Errors by field: 'classes.0.name', 'classes.1.cap' (a class's cap, whatever part of it),
 * 'ordinary_share', 'max_wait', 'fresh', 'stale_first', 'classes' (the list).
 */
export type RuleErrors = Record<string, RuleErrorKey>;

/** The form's field for a rule path (caps are shown on their class's row). */
function fieldOf(path: readonly (string | number)[], rule: LineRule | null): string {
  const [head, index] = path;
  if (head === 'caps' && typeof index === 'number') {
    const at = rule?.classes.findIndex((c) => c.key === rule.caps[index]?.class_key) ?? -1;
    return at >= 0 ? `classes.${at}.cap` : 'classes';
  }
  if (head === 'max_wait_minutes') return 'max_wait';
  if (head === 'fresh_limit_minutes') return 'fresh';
  if (head === 'classes' && typeof index === 'number' && path.length > 2)
    return `classes.${index}.${path[2]}`;
  return String(head ?? '');
}

/** The words for one problem at a rule path (from the schema's issue or the server's detail). */
export function errorKeyOf(path: readonly (string | number)[], code: string, message: string): RuleErrorKey {
  const [head, , field] = path;
  if (head === 'classes' && path.length === 1) return 'tooManyClasses';
  if (head === 'classes' && field === 'name') {
    if (code === 'too_small') return 'nameRequired';
    if (code === 'too_big') return 'nameTooLong';
    if (/another class/.test(message)) return 'nameTaken';
    return 'nameInvalid';
  }
  if (head === 'classes' && field === 'share') return 'share';
  if (head === 'ordinary_share') return 'share';
  if (head === 'classes' && field === 'product_ids') {
    if (/not a product/.test(message)) return 'productNotOffered';
    if (code === 'too_big') return 'tooManyProducts';
    return 'productTaken';
  }
  if (head === 'max_wait_minutes') return 'maxWaitRange';
  if (head === 'fresh_limit_minutes') return 'freshRange';
  if (head === 'stale_first') return 'staleNeedsLimit';
  if (head === 'caps' && path[2] === 'max_percent') return 'percentRange';
  if (head === 'caps') return 'capClass';
  return 'invalid';
}

/** The form's problems as LineRuleSchema finds them, each on its field; empty when the rule saves. */
export function checkRule(form: RuleForm): RuleErrors {
  const rule = ruleOf(form);
  if (rule === null) return {};
  const errors: RuleErrors = {};
  const parsed = LineRuleSchema.safeParse(rule);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const path = issue.path.filter((p) => typeof p !== 'symbol');
      errors[fieldOf(path, rule)] ??= errorKeyOf(path, issue.code, issue.message);
    }
  return errors;
}

/** The server's VALIDATION_FAILED details ('rule.classes.0.product_ids'), on the form's fields. */
export function serverErrors(
  issues: readonly { path: string; message: string }[],
  form: RuleForm,
): RuleErrors {
  const rule = ruleOf(form);
  const errors: RuleErrors = {};
  for (const issue of issues) {
    const path = issue.path
      .split('.')
      .filter((p, i) => !(i === 0 && p === 'rule'))
      .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    errors[fieldOf(path, rule)] ??= errorKeyOf(path, '', issue.message);
  }
  return errors;
}

/** 3 ชม. / 1 ชม. 30 นาที / 45 นาที */
export function durationText(t: TFunction, minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return t('orderRule.summary.minutes', { count: m });
  if (m === 0) return t('orderRule.summary.hours', { count: h });
  return t('orderRule.summary.hoursMinutes', { h, m });
}

/** The rule in one plain line: "อ้อยสดเรียกก่อน · อ้อยไฟไหม้ไม่เกิน 25 % ของเที่ยว · รอเกิน 3 ชม. เรียกก่อน". */
export function ruleSummary(t: TFunction, rule: LineRule | null): string {
  if (rule === null) return t('orderRule.fifo');
  const parts: string[] = [];
  for (const c of rule.classes) {
    const name = c.name.trim() || '…';
    if (c.first) parts.push(t('orderRule.summary.first', { name }));
    // Equal turns with the ordinary trucks is nothing to tell.
    else if (c.share !== rule.ordinary_share)
      parts.push(t('orderRule.summary.share', { name, share: c.share, ordinary: rule.ordinary_share }));
  }
  for (const cap of rule.caps) {
    const name = rule.classes.find((c) => c.key === cap.class_key)?.name.trim() || '…';
    parts.push(
      cap.of === 'loads'
        ? t('orderRule.summary.capLoads', { name, percent: cap.max_percent })
        : t('orderRule.summary.capTonnes', { name, percent: cap.max_percent }),
    );
  }
  if (rule.max_wait_minutes !== null)
    parts.push(t('orderRule.summary.maxWait', { time: durationText(t, rule.max_wait_minutes) }));
  if (rule.fresh_limit_minutes !== null)
    parts.push(
      rule.stale_first
        ? t('orderRule.summary.staleFirst', { time: durationText(t, rule.fresh_limit_minutes) })
        : t('orderRule.summary.staleFlag', { time: durationText(t, rule.fresh_limit_minutes) }),
    );
  if (rule.ask_reason) parts.push(t('orderRule.summary.askReason'));
  return parts.length === 0 ? t('orderRule.summary.plain') : parts.join(' · ');
}
