import { useState } from 'react';
import { Alert, App, Button, Checkbox, Flex, Form, QRCode, TimePicker, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { MyAlertSettings } from '@truck-queue/shared/contracts/alert.contract';
import { errorMessage } from '../../lib/errors.ts';
import { thresholdText } from './alert-text.ts';
import {
  useLinkAlertLine,
  useMyAlertSettings,
  useSaveMyAlertSettings,
  useUnlinkAlertLine,
} from './api/use-alerts.ts';

const TIME = 'HH:mm';
type Quiet = [dayjs.Dayjs | null, dayjs.Dayjs | null] | null;

const quietOf = (s: MyAlertSettings): Quiet =>
  s.quiet_start && s.quiet_end ? [dayjs(s.quiet_start, TIME), dayjs(s.quiet_end, TIME)] : null;

/** The officer's own: the LINE chat alerts go to, quiet hours, and the rules to get by LINE. */
export function MyAlertsTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const settings = useMyAlertSettings();
  const save = useSaveMyAlertSettings();
  const link = useLinkAlertLine();
  const unlink = useUnlinkAlertLine();
  const data = settings.data;
  // The officer's edits, until saved; before any, what the server holds.
  const [edited, setEdited] = useState<{ quiet?: Quiet; chosen?: number[] }>({});
  const quiet = edited.quiet !== undefined ? edited.quiet : data ? quietOf(data) : null;
  const chosen = edited.chosen ?? data?.rules.filter((r) => r.subscribed).map((r) => r.id) ?? [];
  const setQuiet = (value: Quiet) => setEdited((e) => ({ ...e, quiet: value }));
  const setChosen = (value: number[]) => setEdited((e) => ({ ...e, chosen: value }));

  if (settings.isError) return <Alert type="error" showIcon title={errorMessage(t, settings.error)} />;
  if (!data) return null;
  const code = link.data;
  return (
    <Flex vertical gap={24} style={{ maxWidth: 720 }}>
      <Flex vertical gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('alerts.mine.line')}
        </Typography.Title>
        {!data.line_configured ? (
          <Alert type="info" showIcon title={t('alerts.mine.notConfigured')} />
        ) : (
          <>
            <Typography.Text data-testid="line-link-state">
              {data.line_linked ? t('alerts.mine.linked') : t('alerts.mine.notLinked')}
            </Typography.Text>
            <Flex gap={8} wrap>
              <Button icon={<LinkOutlined />} loading={link.isPending} onClick={() => link.mutate()}>
                {data.line_linked ? t('alerts.mine.relink') : t('alerts.mine.link')}
              </Button>
              {data.line_linked && (
                <Button danger loading={unlink.isPending} onClick={() => unlink.mutate()}>
                  {t('alerts.mine.unlink')}
                </Button>
              )}
            </Flex>
            {link.isError && <Alert type="error" showIcon title={errorMessage(t, link.error)} />}
            {code && (
              <Flex gap={16} wrap align="center">
                {code.chat_url && (
                  <QRCode value={code.chat_url} size={140} bordered={false} color="#000" bgColor="#fff" />
                )}
                <Flex vertical gap={4}>
                  <Typography.Text>{t('alerts.mine.code')}</Typography.Text>
                  <Typography.Text code copyable strong style={{ fontSize: 18 }} data-testid="line-link-code">
                    {code.code}
                  </Typography.Text>
                  {code.chat_url && (
                    <Typography.Link href={code.chat_url} target="_blank" rel="noreferrer">
                      {t('alerts.mine.openChat')}
                    </Typography.Link>
                  )}
                </Flex>
              </Flex>
            )}
          </>
        )}
      </Flex>
      <Flex vertical gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('alerts.mine.quiet')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('alerts.mine.quietHint')}</Typography.Text>
        <Form.Item style={{ marginBottom: 0 }}>
          <TimePicker.RangePicker
            format={TIME}
            order={false}
            value={quiet}
            onChange={(value) => setQuiet(value ? [value[0], value[1]] : null)}
            placeholder={[t('alerts.mine.from'), t('alerts.mine.to')]}
            data-testid="quiet-hours"
          />
        </Form.Item>
      </Flex>
      <Flex vertical gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('alerts.mine.rules')}
        </Typography.Title>
        {data.rules.length === 0 ? (
          <Typography.Text type="secondary">{t('alerts.mine.noRules')}</Typography.Text>
        ) : (
          <Checkbox.Group
            value={chosen}
            onChange={(value) => setChosen(value)}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            options={data.rules.map((r) => ({
              value: r.id,
              label: `${t(`alerts.kind.${r.kind}`)}${r.queue_type_name ? ` (${r.queue_type_name})` : ''}: ${thresholdText(t, r)}${r.urgent ? ` · ${t('alerts.urgent')}` : ''}`,
            }))}
          />
        )}
      </Flex>
      {save.isError && <Alert type="error" showIcon title={errorMessage(t, save.error)} />}
      <Button
        type="primary"
        style={{ alignSelf: 'flex-start' }}
        loading={save.isPending}
        data-testid="save-my-alerts"
        onClick={() =>
          save.mutate(
            {
              quiet_start: quiet?.[0]?.format(TIME) ?? null,
              quiet_end: quiet?.[1]?.format(TIME) ?? null,
              subscribed_rule_ids: chosen,
            },
            {
              onSuccess: () => {
                setEdited({});
                void message.success(t('alerts.saved'));
              },
            },
          )
        }
      >
        {t('alerts.mine.save')}
      </Button>
    </Flex>
  );
}
