import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { startsLikeFormula } from '@truck-queue/shared/contracts/api';

/**
 * A name that shows in reports and exports (officer, product, station, screen) may not start
 * like a spreadsheet formula: said in the form, before the server refuses it the same way.
 */
export function noFormulaRule(t: TFunction): FormRule {
  return {
    validator: (_rule, value: unknown) =>
      typeof value === 'string' && startsLikeFormula(value.trim())
        ? Promise.reject(new Error(t('common.startsLikeFormula')))
        : Promise.resolve(),
  };
}
