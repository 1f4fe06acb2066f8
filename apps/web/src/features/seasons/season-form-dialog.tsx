import { useState } from 'react';
import { Alert, App, Col, DatePicker, Flex, Form, Input, Radio, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { OverQuotaRule, QuotaUnit, Season } from '@truck-queue/shared/contracts/season.contract';
import { useCalendar } from '../../lib/calendar-context.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { typedTextRule } from '../../lib/form-rules.ts';
import { API_DATE_FORMAT } from '../../lib/format.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { usePlantToday } from '../auth/use-plant-today.ts';
import { useHarvestSeason } from '../auth/use-harvest-season.ts';
import { useReportProducts } from '../reports/api/use-report-products.ts';
import { useSaveSeason } from './api/use-seasons.ts';
import { newSeasonDays, OVER_QUOTA_RULES, QUOTA_UNITS, seasonRefusals } from './season-rules.ts';

interface SeasonFormValues {
  name: string;
  product: number | undefined;
  days: [dayjs.Dayjs, dayjs.Dayjs] | null;
  unit: QuotaUnit;
  over_quota: OverQuotaRule;
  active: boolean;
}

/**
 * Add (no season) or edit a season: its name, product, first and last plant day, what its quotas
 * count, what a booking past a quota meets, and whether it is active. A new one starts as the
 * crop year of the branch's harvest season.
 */
export function SeasonFormDialog({
  open,
  season,
  hasQuotas,
  onClose,
}: {
  open: boolean;
  season: Season | undefined;
  /** Quotas are set in it: its unit stays. */
  hasQuotas: boolean;
  onClose: (saved?: Season) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SeasonFormValues>();
  const save = useSaveSeason();
  const products = useReportProducts();
  const today = usePlantToday();
  const harvest = useHarvestSeason();
  const calendar = useCalendar();
  const [failure, setFailure] = useState<string | null>(null);
  const fresh = newSeasonDays(today, harvest, calendar);

  // Active products, and the season's own even if it has since been retired.
  const productOptions = (products.data ?? [])
    .filter((p) => p.active || p.id === season?.product)
    .map((p) => ({
      value: p.id,
      label: p.active ? p.name : `${p.name} (${t('seasons.form.productRetired')})`,
    }));

  const submit = (values: SeasonFormValues) => {
    if (save.isPending || values.product === undefined || !values.days) return;
    setFailure(null);
    save.mutate(
      {
        ...(season ? { id: season.id } : {}),
        name: values.name.trim(),
        product: values.product,
        starts_on: values.days[0].format(API_DATE_FORMAT),
        ends_on: values.days[1].format(API_DATE_FORMAT),
        unit: values.unit,
        over_quota: values.over_quota,
        active: values.active,
      },
      {
        onSuccess: (response) => {
          void message.success(t('catalog.common.saved'));
          onClose(response.season);
        },
        onError: (error) => {
          const refusals = seasonRefusals(error);
          if (refusals.length === 0) setFailure(errorMessage(t, error));
          form.setFields(refusals.map((r) => ({ name: r.field, errors: [t(r.key)] })));
        },
      },
    );
  };

  return (
    <FormDialog<SeasonFormValues>
      open={open}
      title={season ? t('seasons.form.editTitle') : t('seasons.form.addTitle')}
      form={form}
      initialValues={{
        name: season?.name ?? fresh.name,
        product: season?.product ?? (productOptions.length === 1 ? productOptions[0]!.value : undefined),
        days: [dayjs(season?.starts_on ?? fresh.starts_on), dayjs(season?.ends_on ?? fresh.ends_on)],
        unit: season?.unit ?? 'tonnes',
        over_quota: season?.over_quota ?? 'warn',
        active: season?.active ?? true,
      }}
      onFinish={submit}
      onCancel={() => onClose()}
      loading={save.isPending}
      width={600}
      afterClose={() => setFailure(null)}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col xs={24} sm={10}>
          <Form.Item
            name="name"
            label={t('seasons.columns.name')}
            extra={t('seasons.form.nameHint')}
            rules={[
              { required: true, whitespace: true, message: t('seasons.form.nameRequired') },
              typedTextRule(t),
            ]}
          >
            <Input maxLength={40} autoComplete="off" autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} sm={14}>
          <Form.Item
            name="product"
            label={t('seasons.columns.product')}
            rules={[{ required: true, message: t('seasons.form.productRequired') }]}
          >
            <Select<number>
              placeholder={t('seasons.form.productPlaceholder')}
              loading={products.isPending}
              options={productOptions}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="days"
        label={t('seasons.form.days')}
        extra={t('seasons.form.daysHint')}
        rules={[{ required: true, message: t('seasons.form.daysRequired') }]}
      >
        <DatePicker.RangePicker
          id="season-days"
          allowClear={false}
          style={{ width: '100%' }}
          aria-label={t('seasons.form.days')}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="unit"
            label={t('seasons.columns.unit')}
            extra={hasQuotas ? t('seasons.form.unitLocked') : t('seasons.form.unitHint')}
          >
            <Radio.Group
              optionType="button"
              disabled={hasQuotas}
              options={QUOTA_UNITS.map((unit) => ({ value: unit, label: t(`seasons.units.${unit}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="active"
            label={t('seasons.columns.active')}
            valuePropName="checked"
            extra={t('seasons.form.activeHint')}
          >
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="over_quota" label={t('seasons.form.overQuota')}>
        <Radio.Group style={{ width: '100%' }}>
          <Flex vertical gap={8}>
            {OVER_QUOTA_RULES.map((rule) => (
              <Radio key={rule} value={rule}>
                <Typography.Text>{t(`seasons.rules.${rule}`)}</Typography.Text>
                <Typography.Text type="secondary"> · {t(`seasons.ruleHints.${rule}`)}</Typography.Text>
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
      </Form.Item>
    </FormDialog>
  );
}
