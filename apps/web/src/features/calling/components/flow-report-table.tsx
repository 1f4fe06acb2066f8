import type { ReactNode } from 'react';
import { Button, Flex, Popconfirm, Tooltip, Typography, type TableColumnsType } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FlowQueueRow } from '@truck-queue/shared/contracts/queue.contract';
import {
  FLOW_ENGINE,
  FLOW_ENGINE_STATES,
  isCalledState,
  staffActions,
  type FlowEngineId,
} from '@truck-queue/shared/queue/queue-machine';
import { DATE_TIME_COLUMN_WIDTH, DateTimeText } from '../../../components/date-time-text.tsx';
import { EarlierDayTag } from '../../../components/earlier-day-tag.tsx';
import { NotPrintedMark } from '../../../components/printer-health.tsx';
import { ReportTable } from '../../../components/report-table.tsx';
import { useDates } from '../../../lib/calendar-context.tsx';
import { reasonText } from '../yard-actions.ts';
import { QueueStateTag } from './queue-state.tsx';
import { PlatesText } from '../../plates/plates-text.tsx';

const PAGE_SIZES = [10, 20, 50] as const;

interface FlowReportTableProps {
  flowEngineId: number;
  rows: FlowQueueRow[];
  loading: boolean;
  /** Whether rows offer call / finish buttons (engines 1 and 2: this page is where engine 1 is called). */
  withActions: boolean;
  busy: boolean;
  onCall: (row: FlowQueueRow) => void;
  onFinish: (row: FlowQueueRow) => Promise<unknown>;
  /** Opens the ticket's history. */
  onHistory: (row: FlowQueueRow) => void;
  /** The plant day the list is of: a truck of an earlier day still inside is marked. */
  day: string;
  /** Under a called truck's station: whether the displays announced it (announcement-proof.tsx). */
  proofOf?: (row: FlowQueueRow) => ReactNode;
}

const byTicketTime = (a: FlowQueueRow, b: FlowQueueRow) => Date.parse(a.created) - Date.parse(b.created);

/** Report by flow: every queue of the day with its state and time stamps, ten to fifty a page. */
export function FlowReportTable({
  flowEngineId,
  rows,
  loading,
  withActions,
  busy,
  onCall,
  onFinish,
  onHistory,
  day,
  proofOf,
}: FlowReportTableProps) {
  const { t } = useTranslation();
  const dates = useDates();
  /** A time column: the time under the date, never cut. */
  const time = (value: string | null) => <DateTimeText text={dates.dateTime(value)} />;
  const lab = flowEngineId === FLOW_ENGINE.lab;
  // The flow's states, and any other the day's rows hold (a cancelled no-show).
  const states = [
    ...new Set([
      ...(FLOW_ENGINE_STATES[flowEngineId as FlowEngineId] ?? []).map((s) => s.state),
      ...rows.map((row) => row.queue_state),
    ]),
  ];

  const labColumns: TableColumnsType<FlowQueueRow> = [
    {
      key: 'labStart',
      title: t('reportQueue.columns.labStart'),
      dataIndex: 'stamp_lab_start',
      width: DATE_TIME_COLUMN_WIDTH,
      render: time,
    },
    {
      key: 'labFinish',
      title: t('reportQueue.columns.labFinish'),
      dataIndex: 'stamp_lab_finish',
      width: DATE_TIME_COLUMN_WIDTH,
      render: time,
    },
  ];

  const columns: TableColumnsType<FlowQueueRow> = [
    {
      key: 'queue',
      title: t('reportQueue.columns.queueNumber'),
      dataIndex: 'queue_number',
      fixed: 'start',
      sorter: (a, b) => a.queue_number.localeCompare(b.queue_number),
      render: (value: string, row) => (
        <Flex align="center" gap={4} wrap={false}>
          <Flex vertical>
            <span style={{ whiteSpace: 'nowrap' }}>
              <Typography.Text strong>{value}</Typography.Text>
              <EarlierDayTag day={row.queue_date} today={day} />
            </span>
            {row.previous_number && row.previous_number !== value && (
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                {t('yard.previous', { previous: row.previous_number })}
              </Typography.Text>
            )}
            {row.print_state === 'failed' && (
              <span>
                <NotPrintedMark reason={row.print_failure} />
              </span>
            )}
          </Flex>
          <Tooltip title={t('yard.history.openFor', { queue: value })}>
            <Button
              type="text"
              size="small"
              icon={<HistoryOutlined aria-hidden />}
              aria-label={t('yard.history.openFor', { queue: value })}
              onClick={() => onHistory(row)}
            />
          </Tooltip>
        </Flex>
      ),
    },
    {
      key: 'state',
      title: t('reportQueue.columns.state'),
      dataIndex: 'queue_state',
      filters: states.map((state) => ({ text: t(`queueState.${state}`), value: state })),
      onFilter: (value, row) => row.queue_state === value,
      render: (_value, row) => <QueueStateTag state={row.queue_state} />,
    },
    { key: 'type', title: t('reportQueue.columns.queueType'), dataIndex: 'queue_type_name', width: 120 },
    { key: 'product', title: t('reportQueue.columns.product'), dataIndex: 'product_name', width: 180 },
    {
      key: 'licence',
      title: t('reportQueue.columns.licence'),
      dataIndex: 'truck_license',
      width: 150,
      // A tractor and its trailer break between their plates, never inside one.
      render: (value: string) => <PlatesText licence={value} />,
    },
    {
      key: 'station',
      title: t('reportQueue.columns.station'),
      dataIndex: 'station_name',
      // A width of its own: a branch with many TVs wraps their proof tags under the station
      // instead of widening the column past the window.
      width: 220,
      render: (value: string | null, row) => {
        const proof = proofOf?.(row);
        // The proof's re-announce is a detail beside the station, not the row's action (pinned
        // at the end): a scrollbar drag away at 1366 px (e2e/page-fit.e2e.ts skips it).
        return proof ? (
          <Flex vertical gap={4} align="flex-start" data-row-detail>
            {value ?? '-'}
            {proof}
          </Flex>
        ) : (
          (value ?? '-')
        );
      },
    },
    {
      key: 'reason',
      title: t('reportQueue.columns.reason'),
      width: 180,
      render: (_value, row) => {
        const reason = reasonText(row.reason_name, row.reason_note);
        return reason ? (
          <Typography.Text style={{ maxWidth: 164 }} ellipsis={{ tooltip: reason }}>
            {reason}
          </Typography.Text>
        ) : (
          '-'
        );
      },
    },
    {
      key: 'created',
      title: t('reportQueue.columns.ticket'),
      dataIndex: 'created',
      sorter: byTicketTime,
      defaultSortOrder: 'ascend',
      width: DATE_TIME_COLUMN_WIDTH,
      render: time,
    },
    ...(lab ? labColumns : []),
    {
      key: 'called',
      title: t('reportQueue.columns.called'),
      dataIndex: 'called',
      width: DATE_TIME_COLUMN_WIDTH,
      render: time,
    },
    {
      key: 'finished',
      title: t('reportQueue.columns.finished'),
      dataIndex: 'finished',
      width: DATE_TIME_COLUMN_WIDTH,
      render: time,
    },
    {
      key: 'exit',
      title: t('reportQueue.columns.exit'),
      dataIndex: 'exit',
      width: DATE_TIME_COLUMN_WIDTH,
      render: time,
    },
  ];

  if (withActions) {
    columns.push({
      key: 'actions',
      title: t('reportQueue.columns.actions'),
      fixed: 'end',
      render: (_value, row) => {
        const actions = staffActions(flowEngineId, row.queue_state, row.exit !== null);
        if (actions.length === 0) return <Typography.Text type="secondary">-</Typography.Text>;
        return (
          <Flex gap={8} wrap={false}>
            {actions.includes('call') && (
              <Button size="small" type="primary" disabled={busy} onClick={() => onCall(row)}>
                {isCalledState(row.queue_state) ? t('calling.actions.callAgain') : t('calling.actions.call')}
              </Button>
            )}
            {actions.includes('finish') && (
              <Popconfirm
                title={t('reportQueue.finishConfirm', { queue: row.queue_number })}
                okText={t('calling.actions.finish')}
                cancelText={t('common.cancel')}
                onConfirm={() => onFinish(row)}
              >
                <Button size="small" color="green" variant="outlined" disabled={busy}>
                  {t('calling.actions.finish')}
                </Button>
              </Popconfirm>
            )}
          </Flex>
        );
      },
    });
  }

  return (
    <ReportTable<FlowQueueRow>
      rowKey="_id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      emptyText={t('reportQueue.empty')}
      pages={{
        pageSizes: PAGE_SIZES,
        defaultPageSize: PAGE_SIZES[0],
        showTotal: (total) => t('reportQueue.total', { count: total }),
      }}
    />
  );
}
