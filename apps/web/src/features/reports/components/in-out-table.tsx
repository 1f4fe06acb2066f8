import { Button, Flex, Grid, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { HistoryOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DURATION_RULES } from '@truck-queue/shared/durations';
import { DurationTitle } from '../../../components/duration-title.tsx';
import { QueueStateTag } from '../../calling/components/queue-state.tsx';
import type { InOutLine } from '../in-out-rows.ts';

const PAGE_SIZES = [20, 50, 100, 200];

const nowrap = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;

interface InOutTableProps {
  lines: InOutLine[];
  loading: boolean;
  /** Opens the ticket's history. */
  onHistory: (line: InOutLine) => void;
}

/**
 * The in/out report's table: the spec's eleven columns, then the ticket's state, the reason it
 * was sent to recheck or rejected, and its history; scrolls sideways on a narrow screen.
 */
export function InOutTable({ lines, loading, onHistory }: InOutTableProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  // On a phone, pinned columns would leave too little room for the rest.
  const pin = screens.md ? ('start' as const) : undefined;

  const columns: TableColumnsType<InOutLine> = [
    { key: 'n', title: t('reports.inOut.columns.n'), dataIndex: 'n', width: 64, align: 'end', fixed: pin },
    {
      key: 'queueNumber',
      title: t('reports.inOut.columns.queueNumber'),
      dataIndex: 'queueNumber',
      width: 100,
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
      width: 170,
      render: nowrap,
    },
    { key: 'queueType', title: t('reports.inOut.columns.queueType'), dataIndex: 'queueType', width: 160 },
    { key: 'product', title: t('reports.inOut.columns.product'), dataIndex: 'product', width: 200 },
    {
      key: 'created',
      title: t('reports.inOut.columns.created'),
      dataIndex: 'created',
      width: 150,
      render: nowrap,
    },
    {
      key: 'labStart',
      title: t('reports.inOut.columns.labStart'),
      dataIndex: 'labStart',
      width: 150,
      render: nowrap,
    },
    {
      key: 'labFinish',
      title: t('reports.inOut.columns.labFinish'),
      dataIndex: 'labFinish',
      width: 150,
      render: nowrap,
    },
    {
      key: 'labDuration',
      title: (
        <DurationTitle
          title={t('reports.inOut.columns.labDuration')}
          rule={DURATION_RULES.inOutLabDuration}
        />
      ),
      dataIndex: 'labDuration',
      width: 130,
      render: nowrap,
    },
    { key: 'exit', title: t('reports.inOut.columns.exit'), dataIndex: 'exit', width: 150, render: nowrap },
    {
      key: 'timeInFactory',
      title: (
        <DurationTitle
          title={t('reports.inOut.columns.timeInFactory')}
          rule={DURATION_RULES.inOutTimeInFactory}
        />
      ),
      dataIndex: 'timeInFactory',
      width: 140,
      render: nowrap,
    },
    {
      key: 'state',
      title: t('reports.inOut.columns.state'),
      dataIndex: 'state',
      width: 170,
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
      width: 220,
      render: (value: string | null) =>
        value ? <Typography.Text ellipsis={{ tooltip: value }}>{value}</Typography.Text> : '-',
    },
    {
      key: 'history',
      title: t('reports.inOut.columns.history'),
      width: 90,
      align: 'center',
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
    <Table<InOutLine>
      rowKey="n"
      size="middle"
      columns={columns}
      dataSource={lines}
      loading={loading}
      scroll={{ x: 2040 }}
      locale={{ emptyText: t('reports.inOut.empty') }}
      pagination={{
        defaultPageSize: 50,
        pageSizeOptions: PAGE_SIZES,
        showSizeChanger: true,
        showTotal: (total, [from, to]) => t('reports.range', { from, to, total }),
        hideOnSinglePage: false,
      }}
    />
  );
}
