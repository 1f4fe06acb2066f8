import { useState } from 'react';
import { Alert, Button, Card, Flex, Form, InputNumber, Switch, Table, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WeighingRules } from '@truck-queue/shared/contracts/weighing-rules.contract';
import {
  DEFAULT_GROSS_LIMITS,
  VEHICLE_CLASSES,
  type VehicleClass,
} from '@truck-queue/shared/queue/weight-checks';
import { errorMessage } from '../../../../lib/errors.ts';
import { formatKg } from '../../../weighing/weight.ts';
import { groupedKg } from '../../catalog/catalog-rules.ts';
import { useSavedMessage } from '../../catalog/components/use-catalog-feedback.ts';
import { useSaveWeighingRules, useWeighingRules } from '../api/use-weighing-rules.ts';

/** The legal gross an admin may set (weighing-rules.contract.ts GrossLimitSchema). */
const GROSS_MIN = 1_000;
const GROSS_MAX = 100_000;

/**
 * The branch's weighing rules (issue 42): whether a truck may finish on its vehicle's stored
 * tare instead of weighing out, and for how many days a stored tare stays valid; the legal gross
 * per vehicle class the weighbridge warns above (Thai law: a cane truck 25 t).
 */
export function WeighingRulesCard() {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const saved = useSavedMessage();
  const rules = useWeighingRules();
  const save = useSaveWeighingRules();
  const [draft, setDraft] = useState<WeighingRules | null>(null);
  const shown = draft ?? rules.data;
  const set = (patch: Partial<WeighingRules>) => shown && setDraft({ ...shown, ...patch });
  const setLimit = (c: VehicleClass, kg: number | null) =>
    shown && set({ gross_limits: { ...shown.gross_limits, [c]: kg ?? DEFAULT_GROSS_LIMITS[c] } });
  const valid =
    shown !== undefined &&
    Number.isInteger(shown.stored_tare_days) &&
    shown.stored_tare_days >= 1 &&
    shown.stored_tare_days <= 365 &&
    VEHICLE_CLASSES.every((c) => shown.gross_limits[c] >= GROSS_MIN && shown.gross_limits[c] <= GROSS_MAX);

  return (
    <Card title={t('admin.weighingRules.title')} loading={rules.isPending} data-testid="weighing-rules-card">
      {rules.isError && <Alert type="error" showIcon title={errorMessage(t, rules.error)} />}
      {save.isError && (
        <Alert type="error" showIcon title={errorMessage(t, save.error)} style={{ marginBottom: 16 }} />
      )}
      {shown && (
        <Flex vertical gap={16}>
          <div>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {t('admin.weighingRules.storedTare.title')}
            </Typography.Title>
            <Typography.Paragraph type="secondary">
              {t('admin.weighingRules.storedTare.description')}
            </Typography.Paragraph>
            <Flex gap={24} wrap align="center">
              <Flex gap={8} align="center">
                <Switch
                  checked={shown.stored_tare_allowed}
                  onChange={(on) => set({ stored_tare_allowed: on })}
                  aria-label={t('admin.weighingRules.storedTare.allow')}
                  data-testid="stored-tare-allowed"
                />
                <span>{t('admin.weighingRules.storedTare.allow')}</span>
              </Flex>
              <Form.Item
                label={t('admin.weighingRules.storedTare.days')}
                style={{ marginBottom: 0 }}
                validateStatus={valid || shown.stored_tare_days ? undefined : 'error'}
              >
                <InputNumber<number>
                  min={1}
                  max={365}
                  precision={0}
                  value={shown.stored_tare_days}
                  onChange={(days) => set({ stored_tare_days: days ?? 0 })}
                  suffix={t('admin.weighingRules.storedTare.daysUnit')}
                  style={{ width: 140 }}
                  data-testid="stored-tare-days"
                />
              </Form.Item>
            </Flex>
          </div>
          <div>
            <Typography.Title level={5}>{t('admin.weighingRules.legal.title')}</Typography.Title>
            <Typography.Paragraph type="secondary">
              {t('admin.weighingRules.legal.description')}
            </Typography.Paragraph>
            <Table<{ key: VehicleClass }>
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={VEHICLE_CLASSES.map((key) => ({ key }))}
              style={{ maxWidth: 620 }}
              columns={[
                {
                  key: 'class',
                  title: t('admin.weighingRules.legal.class'),
                  render: (_v, row) => t(`vehicleClasses.${row.key}`),
                },
                {
                  key: 'limit',
                  title: t('admin.weighingRules.legal.limit'),
                  width: 200,
                  render: (_v, row) => (
                    <InputNumber<number>
                      min={GROSS_MIN}
                      max={GROSS_MAX}
                      step={500}
                      precision={0}
                      {...groupedKg}
                      value={shown.gross_limits[row.key]}
                      onChange={(kg) => setLimit(row.key, kg)}
                      suffix={t('weighing.kg')}
                      style={{ width: '100%' }}
                      aria-label={t(`vehicleClasses.${row.key}`)}
                      data-testid={`gross-limit-${row.key}`}
                    />
                  ),
                },
                {
                  key: 'default',
                  title: t('admin.weighingRules.legal.default'),
                  width: 140,
                  align: 'end',
                  render: (_v, row) => (
                    <Typography.Text type="secondary">
                      {formatKg(DEFAULT_GROSS_LIMITS[row.key], locale)}
                    </Typography.Text>
                  ),
                },
              ]}
            />
          </div>
          <Flex>
            <Button
              type="primary"
              icon={<SaveOutlined aria-hidden />}
              loading={save.isPending}
              disabled={draft === null || !valid}
              onClick={() =>
                save.mutate(shown, {
                  onSuccess: () => {
                    setDraft(null);
                    saved();
                  },
                })
              }
              data-testid="weighing-rules-save"
            >
              {t('common.save')}
            </Button>
          </Flex>
        </Flex>
      )}
    </Card>
  );
}
