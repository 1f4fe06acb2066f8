import { Badge, Button, Empty, Flex, List, Popover, Tag, Tooltip, Typography } from 'antd';
import { AlertOutlined, CheckOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { AlertRow } from '@truck-queue/shared/contracts/alert.contract';
import { useNow } from '../../lib/use-now.ts';
import { useAcknowledgeAlert, useOpenAlerts } from './api/use-alerts.ts';
import { alertText } from './alert-text.ts';

/** The bell lists this many alerts; the page lists them all. */
const BELL_ROWS = 8;

/** One open alert, with who acknowledged it (unless a column says so) or the button to do so. */
export function AlertLine({
  alert,
  now,
  showWho = true,
}: {
  alert: AlertRow;
  now: number;
  showWho?: boolean;
}) {
  const { t } = useTranslation();
  const acknowledge = useAcknowledgeAlert();
  return (
    <Flex justify="space-between" align="center" gap={8} style={{ width: '100%' }}>
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text>
          {alert.urgent && (
            <Tag color="red" style={{ marginInlineEnd: 6 }}>
              {t('alerts.urgent')}
            </Tag>
          )}
          {alertText(t, alert, now)}
        </Typography.Text>
        {showWho && alert.acknowledged_by && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('alerts.status.acknowledged')}: {alert.acknowledged_by}
          </Typography.Text>
        )}
      </Flex>
      {!alert.acknowledged_at && (
        <Button
          size="small"
          icon={<CheckOutlined />}
          loading={acknowledge.isPending && acknowledge.variables === alert.id}
          onClick={() => acknowledge.mutate(alert.id)}
          data-testid={`acknowledge-${alert.id}`}
        >
          {t('alerts.acknowledge')}
        </Button>
      )}
    </Flex>
  );
}

/** The top bar's bell: the open alerts that concern the officer, counted until acknowledged. */
export function AlertBell({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const alerts = useOpenAlerts();
  const now = useNow(30_000).getTime();
  const rows = alerts.data?.alerts ?? [];
  const count = alerts.data?.unacknowledged ?? 0;
  const content = (
    <Flex vertical gap={8} style={{ width: 420, maxWidth: '90vw' }} data-testid="alert-bell-list">
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alerts.bellEmpty')} />
      ) : (
        <List
          size="small"
          dataSource={rows.slice(0, BELL_ROWS)}
          renderItem={(alert) => (
            <List.Item style={{ paddingInline: 0 }}>
              <AlertLine alert={alert} now={now} />
            </List.Item>
          )}
        />
      )}
      <Button
        type="link"
        style={{ alignSelf: 'flex-end' }}
        onClick={() => {
          setOpen(false);
          void navigate('/System/alerts');
        }}
      >
        {t('alerts.seeAll')}
      </Button>
    </Flex>
  );
  const button = (
    <Tooltip title={t('alerts.bell')}>
      <Button
        type="text"
        aria-label={t('alerts.bell')}
        data-testid="alert-bell"
        // A phone has no room for the list beside the bell: the page lists them.
        onClick={compact ? () => void navigate('/System/alerts') : undefined}
      >
        <Badge count={count} size="small" offset={[4, -2]} data-testid="alert-bell-count">
          <AlertOutlined style={{ color: 'inherit', fontSize: 16 }} />
        </Badge>
      </Button>
    </Tooltip>
  );
  if (compact) return button;
  return (
    <Popover
      content={content}
      title={t('alerts.bell')}
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
    >
      {button}
    </Popover>
  );
}
