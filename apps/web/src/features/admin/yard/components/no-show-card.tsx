import { Alert, Button, Card, Flex, Form, InputNumber, Radio, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { YardSettingsWire } from '@truck-queue/shared/contracts/yard.contract';
import { NO_SHOW_POLICIES, NO_SHOW_RECALLS_MAX } from '@truck-queue/shared/queue/yard-rules';

interface NoShowCardProps {
  /** The branch's rule as saved; undefined while it loads. */
  settings: YardSettingsWire | undefined;
  saving: boolean;
  failure: string | null;
  onSave: (settings: YardSettingsWire) => void;
}

/**
 * The no-show rule: after how many recalls a called truck's card offers "no-show", and whether
 * a no-show goes back to the end of its line or has its ticket cancelled.
 */
export function NoShowCard({ settings, saving, failure, onSave }: NoShowCardProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<YardSettingsWire>();

  return (
    <Card title={t('yard.rules.noShow.title')} loading={settings === undefined} data-testid="no-show-rule">
      <Typography.Paragraph type="secondary">{t('yard.rules.noShow.description')}</Typography.Paragraph>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {settings && (
        <Form<YardSettingsWire>
          // A saved rule (here or by another admin) resets the form to what the server holds.
          key={`${settings.no_show_after_recalls}-${settings.no_show_policy}`}
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={settings}
          onFinish={onSave}
        >
          <Flex gap={32} wrap align="flex-start">
            <Form.Item
              name="no_show_after_recalls"
              label={t('yard.rules.noShow.recalls')}
              extra={t('yard.rules.noShow.recallsHint', { max: NO_SHOW_RECALLS_MAX })}
              rules={[{ required: true, message: t('yard.rules.noShow.recallsRequired') }]}
              style={{ flex: '0 1 260px' }}
            >
              <InputNumber
                min={1}
                max={NO_SHOW_RECALLS_MAX}
                precision={0}
                suffix={t('yard.rules.noShow.times')}
                style={{ width: 160 }}
              />
            </Form.Item>
            <Form.Item
              name="no_show_policy"
              label={t('yard.rules.noShow.policy')}
              style={{ flex: '1 1 360px' }}
            >
              <Radio.Group>
                <Flex vertical gap={8}>
                  {NO_SHOW_POLICIES.map((policy) => (
                    <Radio key={policy} value={policy}>
                      <Typography.Text strong>{t(`yard.rules.noShow.policies.${policy}`)}</Typography.Text>
                      <br />
                      <Typography.Text type="secondary">
                        {t(`yard.rules.noShow.policyHints.${policy}`)}
                      </Typography.Text>
                    </Radio>
                  ))}
                </Flex>
              </Radio.Group>
            </Form.Item>
          </Flex>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden />} loading={saving}>
            {t('common.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
