import { Alert, Button, Card, Flex, Form, InputNumber, Radio, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  BookingRulesSchema,
  OUTSIDE_WINDOW_RULES,
  type BookingRules,
} from '@truck-queue/shared/contracts/booking.contract';

type NumberRule = Exclude<keyof BookingRules, 'outside_window'>;

/** The rules' numbers, their units and their bounds (the contract's). */
const NUMBERS: { name: NumberRule; unit: 'days' | 'minutes' | 'bookings' | 'times' }[] = [
  { name: 'days_ahead', unit: 'days' },
  { name: 'cutoff_minutes', unit: 'minutes' },
  { name: 'per_supplier_day', unit: 'bookings' },
  { name: 'early_minutes', unit: 'minutes' },
  { name: 'late_minutes', unit: 'minutes' },
  { name: 'max_reissues', unit: 'times' },
];

function bounds(name: NumberRule): { min: number; max: number } {
  const schema = BookingRulesSchema.shape[name];
  return { min: schema.minValue ?? 0, max: schema.maxValue ?? 0 };
}

/** The branch's booking rules: how far ahead, the cut-off, a supplier's bookings a day, the graces, re-issues. */
export function BookingRulesCard({
  rules,
  saving,
  failure,
  onSave,
}: {
  /** As saved; undefined while it loads. */
  rules: BookingRules | undefined;
  saving: boolean;
  failure: string | null;
  onSave: (rules: BookingRules) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BookingRules>();

  return (
    <Card title={t('bookings.rules.title')} loading={rules === undefined} data-testid="booking-rules">
      <Typography.Paragraph type="secondary">{t('bookings.rules.description')}</Typography.Paragraph>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {rules && (
        <Form<BookingRules>
          // A saved rule resets the form to what the server holds.
          key={JSON.stringify(rules)}
          name="booking-rules"
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={rules}
          onFinish={onSave}
        >
          <Flex gap="0 24px" wrap>
            {NUMBERS.map(({ name, unit }) => {
              const { min, max } = bounds(name);
              return (
                <Form.Item
                  key={name}
                  name={name}
                  label={t(`bookings.rules.${name}`)}
                  extra={t(`bookings.rules.hints.${name}`)}
                  rules={[{ required: true, message: t('bookings.rules.required', { min, max }) }]}
                  style={{ flex: '1 1 250px', maxWidth: 340 }}
                >
                  <InputNumber
                    min={min}
                    max={max}
                    precision={0}
                    suffix={t(`bookings.units.${unit}`)}
                    style={{ width: 180 }}
                  />
                </Form.Item>
              );
            })}
          </Flex>
          <Form.Item name="outside_window" label={t('bookings.rules.outside_window')}>
            <Radio.Group>
              <Flex vertical gap={8}>
                {OUTSIDE_WINDOW_RULES.map((rule) => (
                  <Radio key={rule} value={rule}>
                    <Typography.Text strong>{t(`bookings.rules.outside.${rule}`)}</Typography.Text>
                    <br />
                    <Typography.Text type="secondary">
                      {t(`bookings.rules.outsideHints.${rule}`)}
                    </Typography.Text>
                  </Radio>
                ))}
              </Flex>
            </Radio.Group>
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden />} loading={saving}>
            {t('common.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
