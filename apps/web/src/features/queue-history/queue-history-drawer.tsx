import { useMemo, type ReactNode } from 'react';
import { Alert, Button, Descriptions, Drawer, Empty, Flex, Skeleton, Timeline, Typography } from 'antd';
import { ArrowRightOutlined, DesktopOutlined, HistoryOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCalendar } from '../../lib/calendar-context.tsx';
import { config } from '../../lib/config.ts';
import { errorMessage } from '../../lib/errors.ts';
import { QueueStateTag } from '../calling/components/queue-state.tsx';
import { numberWithPrevious } from '../calling/yard-actions.ts';
import { useQueueHistory } from './api/use-queue-history.ts';
import { historyLines, type HistoryLine } from './history-lines.ts';
import { PrintList } from './print-list.tsx';

interface QueueHistoryDrawerProps {
  /** The ticket whose history is open; null: closed. */
  uuid: string | null;
  /** Shown in the title while the history loads. */
  queueNumber?: string | undefined;
  onClose: () => void;
}

/**
 * A ticket's history: every transition, oldest first, with when (plant time), what, from and to
 * which state, where, who (an officer or a kiosk), why, and for a transfer the old and new
 * number; then every print of its ticket. Opened from the calling dialog, the report by flow
 * and the in/out report.
 */
export function QueueHistoryDrawer({ uuid, queueNumber, onClose }: QueueHistoryDrawerProps) {
  const { t } = useTranslation();
  const history = useQueueHistory(uuid);
  const data = history.data;
  const calendar = useCalendar();
  const lines = useMemo(
    () => (data ? historyLines(data.history, config.siteTimeZone, calendar) : []),
    [data, calendar],
  );
  const number = data
    ? numberWithPrevious(t, data.queue.queue_number, data.queue.previous_number)
    : queueNumber;

  let body: ReactNode;
  if (history.isPending) body = <Skeleton active />;
  else if (history.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('yard.history.loadFailed')}
        description={errorMessage(t, history.error)}
        action={
          <Button size="small" onClick={() => void history.refetch()}>
            {t('calling.retry')}
          </Button>
        }
      />
    );
  else
    body = (
      <Flex vertical gap={16}>
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'state',
              label: t('calling.detail.state'),
              children: <QueueStateTag state={history.data.queue.queue_state} />,
            },
            {
              key: 'licence',
              label: t('calling.detail.licence'),
              children: <strong>{history.data.queue.truck_license}</strong>,
            },
            {
              key: 'type',
              label: t('calling.detail.queueType'),
              children: history.data.queue.queue_type_name,
            },
          ]}
        />
        {lines.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('yard.history.empty')} />
        ) : (
          <Timeline
            items={lines.map((line) => ({
              key: line.key,
              color: lineColor(line),
              content: <HistoryItem line={line} />,
            }))}
          />
        )}
        <PrintList prints={history.data.prints} />
      </Flex>
    );

  return (
    <Drawer
      open={uuid !== null}
      onClose={onClose}
      title={
        <Flex align="center" gap={8}>
          <HistoryOutlined aria-hidden />
          <span>{t('yard.history.title', { queue: number ?? '' })}</span>
        </Flex>
      }
      size={520}
      destroyOnHidden
      rootClassName="queue-history-drawer"
    >
      <div data-testid="queue-history">{body}</div>
    </Drawer>
  );
}

/** Red for the moves that end or refuse a load, orange for the officer's corrections, else blue; grey for the gate. */
function lineColor(line: HistoryLine): string {
  switch (line.action) {
    case 'reject':
    case 'void':
    case 'no_show_cancel':
      return 'red';
    case 'recheck':
    case 'no_show':
    case 'transfer':
    case 'recall':
    case 'exit_unfinished':
    case 'weigh_out_early':
    case 'weigh_out_stored_tare':
    case 'dispute':
    case 'lab_correct':
      return 'orange';
    case 'finish':
    case 'complete':
    case 'dispute_resolved':
      return 'green';
    case 'exit':
      return 'gray';
    case 'issue':
    case 'call':
    case 'accept':
    case 'weigh_in':
    case 'weigh_out':
    case null:
      return 'blue';
  }
}

function HistoryItem({ line }: { line: HistoryLine }) {
  const { t } = useTranslation();
  const who =
    line.who.kind === 'system' ? (
      t('yard.history.system')
    ) : line.who.kind === 'driver' ? (
      t('yard.history.driver')
    ) : (
      <>
        {line.who.kind === 'officer' ? <UserOutlined aria-hidden /> : <DesktopOutlined aria-hidden />}{' '}
        {line.who.name}
      </>
    );
  return (
    <Flex vertical gap={4} data-action={line.rawAction}>
      <Flex gap={8} wrap align="baseline">
        <Typography.Text strong>
          {line.action ? t(`yard.history.actions.${line.action}`) : line.rawAction}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
          {line.at}
        </Typography.Text>
      </Flex>
      {(line.moved || line.from === null) && (
        <Flex gap={6} wrap align="center">
          {line.from !== null && (
            <>
              <QueueStateTag state={line.from} />
              <ArrowRightOutlined aria-label={t('yard.history.to')} style={{ fontSize: 12 }} />
            </>
          )}
          <QueueStateTag state={line.to} />
        </Flex>
      )}
      {line.numbers && (
        <Typography.Text>
          {t('yard.history.numbers', { from: line.numbers.from, to: line.numbers.to })}
        </Typography.Text>
      )}
      {line.station && (
        <Typography.Text type="secondary">
          {t('yard.history.station', { station: line.station })}
        </Typography.Text>
      )}
      {line.lab && (
        <Flex vertical data-testid="history-lab">
          <Typography.Text>{t('yard.history.sample', { n: line.lab.sample })}</Typography.Text>
          {line.lab.readings.map(({ reading, before }) => (
            <Typography.Text key={reading} type={before ? undefined : 'secondary'}>
              {before ? t('yard.history.corrected', { before, after: reading }) : reading}
            </Typography.Text>
          ))}
        </Flex>
      )}
      {line.reason && <Typography.Text>{t('yard.history.reason', { reason: line.reason })}</Typography.Text>}
      <Typography.Text type="secondary">{who}</Typography.Text>
    </Flex>
  );
}
