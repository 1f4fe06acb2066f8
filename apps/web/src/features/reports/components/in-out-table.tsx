import { LabValueTags } from '../../../components/lab-values.tsx';
import { Button, Flex, Grid, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { HistoryOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DURATION_RULES } from '@truck-queue/shared/durations';
import { DATE_TIME_COLUMN_WIDTH, DateTimeText } from '../../../components/date-time-text.tsx';
import { DurationTitle } from '../../../components/duration-title.tsx';
import { ReportTable } from '../../../components/report-table.tsx';
import { QueueStateTag } from '../../calling/components/queue-state.tsx';
import { PlatesText } from '../../plates/plates-text.tsx';
import type { InOutLine } from '../in-out-rows.ts';

const PAGE_SIZES = [20, 50, 100, 200];

/** A duration: one line, as wide as it needs (the table is `max-content`). */
const nowrap = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
/** A time column: the time under the date, never cut. */
const time = (key: 'created' | 'labStart' | 'labFinish' | 'exit', title: string) => ({
  key,
  title,
  dataIndex: key,
  width: DATE_TIME_COLUMN_WIDTH,
  render: (text: string) => <DateTimeText text={text} />,
});

interface InOutTableProps {
  lines: InOutLine[];
  loading: boolean;
  /** Opens the ticket's history. */
  onHistory: (line: InOutLine) => void;
}

/**
 * The in/out report's table: the spec's eleven columns, then the ticket's state, the reason it
 * was sent to recheck or rejected, and its history. Durations keep one line, a time puts its
 * clock under its date, names wrap within their column; the number and queue stay pinned while the rest scrolls sideways,
 * and the rows scroll inside a body that fits the window (`ReportTable`).
 */
export function InOutTable({ lines, loading, onHistory }: InOutTableProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  // On a phone, pinned columns would leave too little room for the rest.
  const pin = screens.md ? ('start' as const) : undefined;

  const columns: TableColumnsType<InOutLine> = [
    { key: 'n', title: t('reports.inOut.columns.n'), dataIndex: 'n', width: 56, align: 'end', fixed: pin },
    {
      key: 'queueNumber',
      title: t('reports.inOut.columns.queueNumber'),
      dataIndex: 'queueNumber',
      width: 96,
      fixed: pin,
      render: (value: string, line) => (
        <Flex vertical>
          <Typography.Text strong>{value}</Typography.Text>
          {line.previousNumber && (
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              {t('yard.previous', { previous: line.previousNumber })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'licence',
      title: t('reports.inOut.columns.licence'),
      dataIndex: 'licence',
      width: 150,
      // A tractor and its trailer break between their plates, never inside one.
      render: (value: string) => <PlatesText licence={value} />,
    },
    { key: 'queueType', title: t('reports.inOut.columns.queueType'), dataIndex: 'queueType', width: 120 },
    {
      key: 'product',
      title: t('reports.inOut.columns.product'),
      dataIndex: 'product',
      width: 180,
      // Its supplier under it (issue 39), where the ticket names one.
      render: (value: string, row) => (
        <Flex vertical>
          <span>{value || '-'}</span>
          {row.supplier && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="inout-supplier">
              {row.supplier}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    time('created', t('reports.inOut.columns.created')),
    time('labStart', t('reports.inOut.columns.labStart')),
    time('labFinish', t('reports.inOut.columns.labFinish')),
    {
      key: 'labDuration',
      title: (
        <DurationTitle
          title={t('reports.inOut.columns.labDuration')}
          rule={DURATION_RULES.inOutLabDuration}
        />
      ),
      dataIndex: 'labDuration',
      width: 96,
      render: nowrap,
    },
    time('exit', t('reports.inOut.columns.exit')),
    {
      key: 'timeInFactory',
      title: (
        <DurationTitle
          title={t('reports.inOut.columns.timeInFactory')}
          rule={DURATION_RULES.inOutTimeInFactory}
        />
      ),
      dataIndex: 'timeInFactory',
      width: 96,
      render: nowrap,
    },
    {
      key: 'state',
      title: t('reports.inOut.columns.state'),
      dataIndex: 'state',
      width: 150,
      // A truck let out before its work was done: a warning beside its state (the columns stay put).
      render: (_value, line) => (
        <Flex gap={4} wrap align="center">
          <QueueStateTag state={line.state} />
          {line.leftUnfinished && (
            <Tooltip title={t('reports.inOut.leftUnfinishedHint')}>
              <Tag color="warning" icon={<WarningOutlined aria-hidden />} data-testid="left-unfinished">
                {t('reports.inOut.leftUnfinished')}
              </Tag>
            </Tooltip>
          )}
        </Flex>
      ),
    },
    {
      key: 'reason',
      title: t('reports.inOut.columns.reason'),
      dataIndex: 'reason',
      width: 200,
      render: (value: string | null) =>
        value ? (
          <Typography.Text style={{ maxWidth: 184 }} ellipsis={{ tooltip: value }}>
            {value}
          </Typography.Text>
        ) : (
          '-'
        ),
    },
    {
      key: 'lab',
      title: t('labValues.title'),
      width: 220,
      render: (_value, line) => <LabValueTags values={line.labValues} />,
    },
    {
      key: 'history',
      title: t('reports.inOut.columns.history'),
      width: 72,
      align: 'center',
      // The row's action stays in view while the rest scrolls sideways.
      fixed: pin && 'end',
      render: (_value, line) => (
        <Tooltip title={t('yard.history.openFor', { queue: line.queueNumber })}>
          <Button
            size="small"
            icon={<HistoryOutlined aria-hidden />}
            aria-label={t('yard.history.openFor', { queue: line.queueNumber })}
            onClick={() => onHistory(line)}
          />
        </Tooltip>
      ),
    },
  ];

  return (
    <ReportTable<InOutLine>
      rowKey="n"
      columns={columns}
      dataSource={lines}
      loading={loading}
      emptyText={t('reports.inOut.empty')}
      pages={{
        pageSizes: PAGE_SIZES,
        defaultPageSize: 50,
        showTotal: (total, [from, to]) => t('reports.range', { from, to, total }),
      }}
    />
  );
}
