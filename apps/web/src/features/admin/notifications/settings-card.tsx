import { Alert, Button, Card, Flex, Form, Input, InputNumber } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { NotifySettings } from '@truck-queue/shared/contracts/notification.contract';
import { typedTextRule } from '../../../lib/form-rules.ts';

/** notification.contract.ts NotifySettingsSchema's limits. */
export const NOTICE_MAX = 4000;
export const RETENTION_MIN = 1;
export const RETENTION_MAX = 3650;

interface SettingsCardProps {
  /** As saved; undefined while it loads. */
  settings: NotifySettings | undefined;
  saving: boolean;
  failure: string | null;
  onSave: (settings: NotifySettings) => void;
}

/**
 * The plant's privacy notice (the driver reads it before he subscribes; empty, his page says in
 * standard words what is kept and for how long) and how long what identifies drivers is kept:
 * their contact data, and the licence plates of old tickets.
 */
export function SettingsCard({ settings, saving, failure, onSave }: SettingsCardProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NotifySettings>();
  const daysRule = { required: true, message: t('notifications.settings.daysRequired') };

  return (
    <Card
      title={t('notifications.settings.title')}
      loading={settings === undefined}
      data-testid="notify-settings"
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {settings && (
        <Form<NotifySettings>
          // A save (here or by another admin) resets the form to what the server holds.
          key={JSON.stringify(settings)}
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={settings}
          onFinish={(values) => onSave({ ...values, privacy_notice: values.privacy_notice ?? '' })}
        >
          <Form.Item
            name="privacy_notice"
            label={t('notifications.settings.notice')}
            // Clear of the character count, which sits at the box's bottom right.
            extra={<div style={{ paddingInlineEnd: 96 }}>{t('notifications.settings.noticeHint')}</div>}
            rules={[typedTextRule(t, true)]}
          >
            <Input.TextArea
              maxLength={NOTICE_MAX}
              showCount
              autoSize={{ minRows: 5, maxRows: 14 }}
              placeholder={t('notifications.settings.noticePlaceholder')}
            />
          </Form.Item>
          <Flex gap={24} wrap align="flex-start">
            <Form.Item
              name="contact_retention_days"
              label={t('notifications.settings.contactDays')}
              extra={t('notifications.settings.contactDaysHint')}
              rules={[daysRule]}
              style={{ flex: '1 1 280px' }}
            >
              <InputNumber
                min={RETENTION_MIN}
                max={RETENTION_MAX}
                precision={0}
                suffix={t('notifications.settings.days')}
                style={{ width: 160 }}
              />
            </Form.Item>
            <Form.Item
              name="plate_retention_days"
              label={t('notifications.settings.plateDays')}
              extra={t('notifications.settings.plateDaysHint')}
              rules={[daysRule]}
              style={{ flex: '1 1 280px' }}
            >
              <InputNumber
                min={RETENTION_MIN}
                max={RETENTION_MAX}
                precision={0}
                suffix={t('notifications.settings.days')}
                style={{ width: 160 }}
              />
            </Form.Item>
          </Flex>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SaveOutlined aria-hidden />}
            loading={saving}
            data-testid="notify-settings-save"
          >
            {t('common.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
