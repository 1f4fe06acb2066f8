import { Alert, Card, Col, Flex, Row, Statistic, Tag, Typography } from 'antd';
import { CheckCircleOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** What the server needs to send through the plant's LINE Official Account (README, "LINE Official Account"). */
export const LINE_ENV = ['LINE_CHANNEL_SECRET', 'LINE_CHANNEL_ACCESS_TOKEN'] as const;

interface ChannelsCardProps {
  /** undefined while it loads. */
  lineConfigured: boolean | undefined;
  following: { web_push: number; line: number } | undefined;
}

/** Whether the LINE account is connected (and if not, how), and how many drivers follow a ticket now. */
export function ChannelsCard({ lineConfigured, following }: ChannelsCardProps) {
  const { t } = useTranslation();
  return (
    <Card
      title={t('notifications.channels.title')}
      loading={lineConfigured === undefined}
      data-testid="notify-channels"
      style={{ height: '100%' }}
    >
      <Flex vertical gap={16}>
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong>{t('notifications.channels.line')}</Typography.Text>
          {lineConfigured ? (
            <Tag color="success" icon={<CheckCircleOutlined aria-hidden />} data-testid="line-status">
              {t('notifications.channels.lineConnected')}
            </Tag>
          ) : (
            <Tag icon={<MinusCircleOutlined aria-hidden />} data-testid="line-status">
              {t('notifications.channels.lineNotConnected')}
            </Tag>
          )}
        </Flex>
        {lineConfigured === false && (
          <Alert
            type="info"
            showIcon
            data-testid="line-missing"
            // All in the title: one size of text, as a hint is, not a headline's.
            title={
              <Flex vertical gap={6} align="start">
                <span>{t('notifications.channels.lineMissing')}</span>
                {LINE_ENV.map((name) => (
                  <Typography.Text key={name} code copyable>
                    {name}
                  </Typography.Text>
                ))}
              </Flex>
            }
          />
        )}
        <div>
          <Typography.Text type="secondary">{t('notifications.channels.followingNow')}</Typography.Text>
          <Row gutter={16} style={{ marginTop: 8 }}>
            <Col span={12}>
              <Statistic
                title={t('notifications.channels.webPush')}
                value={following?.web_push ?? 0}
                data-testid="following-web-push"
              />
            </Col>
            <Col span={12}>
              <Statistic title="LINE" value={following?.line ?? 0} data-testid="following-line" />
            </Col>
          </Row>
        </div>
      </Flex>
    </Card>
  );
}
