import { useMemo, useState } from 'react';
import { Alert, Button, Card, DatePicker, Flex, Input, Result, Typography } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { plateSearchKey } from '@truck-queue/shared/licence';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { FlowQueueRow } from '@truck-queue/shared/contracts/queue.contract';
import { FLOW_ENGINE, isCalledState } from '@truck-queue/shared/queue/queue-machine';
import { errorCodeOf, errorMessage } from '../../lib/errors.ts';
import { API_DATE_FORMAT } from '../../lib/format.ts';
import type { TranslationKey } from '../../lib/i18n.ts';
import { useSocketConnected } from '../../lib/socket.ts';
import { QueueHistoryDrawer } from '../queue-history/queue-history-drawer.tsx';
import { isFlowEngineUuid, useFlowEngine } from './api/use-flow-engine.ts';
import { useFlowReport } from './api/use-flow-report.ts';
import { useNow } from '../../lib/use-now.ts';
import { FlowReportTable } from './components/flow-report-table.tsx';
import { useAnnouncements } from './api/use-announcements.ts';
import { DisplayWarnings } from '../../components/display-status.tsx';
import { CallProofTags } from './components/announcement-proof.tsx';
import { QueueActionDialog, type ActionTarget } from './components/queue-action-dialog.tsx';
import { ReconnectingBanner } from './components/reconnecting-banner.tsx';
import { useActionRunner } from './components/use-action-runner.ts';

const MANAGE_CALLING_TODAY = '/System/manageCalling/1';

interface FlowEngine {
  id: number;
  uuid: string;
  name: string;
}

/** The flow's name in the UI language; the server's (English) name for a flow this client does not know. */
function flowTitleKey(engine: FlowEngine): TranslationKey | null {
  return engine.id === 1 || engine.id === 2 || engine.id === 3 ? `flowEngine.${engine.id}` : null;
}

/** /System/reportQueue/:flowEngineUUID: queues of one flow engine on one day. */
export function ReportQueuePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { flowEngineUUID } = useParams();
  const valid = isFlowEngineUuid(flowEngineUUID);
  const engine = useFlowEngine(valid ? flowEngineUUID : null);

  if (!valid || (engine.isError && errorCodeOf(engine.error) === 'NOT_FOUND')) {
    return (
      <Card>
        <Result
          status="404"
          title={t('reportQueue.notFound.title')}
          subTitle={t('reportQueue.notFound.text')}
          extra={
            <Button type="primary" onClick={() => void navigate(MANAGE_CALLING_TODAY)}>
              {t('reportQueue.backToCalling')}
            </Button>
          }
        />
      </Card>
    );
  }
  if (engine.isError) {
    return (
      <Card>
        <Result
          status="error"
          title={t('reportQueue.loadFailed')}
          subTitle={errorMessage(t, engine.error)}
          extra={<Button onClick={() => void engine.refetch()}>{t('calling.retry')}</Button>}
        />
      </Card>
    );
  }
  if (engine.isPending) return <Card loading />;
  return <FlowReport key={engine.data.uuid} engine={engine.data} />;
}

function FlowReport({ engine }: { engine: FlowEngine }) {
  const { t } = useTranslation();
  // Live: the shell's queue subscriber refetches the report (its key is under queueKeys).
  const connected = useSocketConnected();
  const now = useNow(30_000).getTime();
  const runner = useActionRunner();

  /** null: the site's today (the server decides the day). */
  const [date, setDate] = useState<Dayjs | null>(null);
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [historyOf, setHistoryOf] = useState<FlowQueueRow | null>(null);
  const report = useFlowReport(engine.uuid, date?.format(API_DATE_FORMAT), connected);
  /** The site's day the server answered for (its today may differ from the browser's near midnight). */
  const siteToday = report.data && date === null ? dayjs(report.data.find_date) : dayjs();
  const withActions = engine.id !== FLOW_ENGINE.lab;
  const titleKey = flowTitleKey(engine);

  const rows = useMemo(() => {
    const all = report.data?.queue ?? [];
    const needle = search.trim().toUpperCase();
    // A plate however it was typed (Thai digits, spaces or dashes aside): shared/licence.ts.
    const plate = plateSearchKey(needle);
    const matching = needle
      ? all.filter(
          (r) =>
            r.queue_number.toUpperCase().includes(needle) ||
            (plate !== '' && plateSearchKey(r.truck_license).includes(plate)),
        )
      : all;
    return [...matching].sort((a, b) => Date.parse(a.created) - Date.parse(b.created));
  }, [report.data, search]);

  const stationsFor = (row: FlowQueueRow) =>
    (report.data?.station_permission ?? [])
      .filter((s) => s.queue_type_id === row.queue_type_id)
      .map(({ id, name, type }) => ({ id, name, type }));

  const selectedRow = selectedId === null ? undefined : report.data?.queue.find((r) => r._id === selectedId);
  const target: ActionTarget | null = selectedRow
    ? {
        // The report by flow lists no lab values (its dialogs propose nothing from them) nor waits,
        // nor the line's order (the calling desk shows it).
        queue: {
          ...selectedRow,
          lab_values: [],
          lab_outcome: null,
          expected_wait: null,
          line_place: null,
          order_class: '',
          cut_at: null,
          admitted: false,
          last_called_at: null,
        },
        flowEngineId: engine.id,
        queueTypeId: selectedRow.queue_type_id,
        queueTypeName: selectedRow.queue_type_name,
        stations: stationsFor(selectedRow),
        exited: selectedRow.exit !== null,
      }
    : null;

  // Where the general flow is called (today): whether the displays announced each called truck.
  const today = date === null;
  const calledIds = (report.data?.queue ?? [])
    .filter((r) => isCalledState(r.queue_state) && r.exit === null)
    .map((r) => r._id);
  const proof = useAnnouncements(calledIds, report.dataUpdatedAt, withActions && today);
  const proofOf = (row: FlowQueueRow) => {
    const call = proof.data?.calls.find((c) => c.queue_id === row._id);
    return call ? (
      <CallProofTags proof={call} displays={proof.data?.displays ?? []} queueNumber={row.queue_number} />
    ) : null;
  };

  const finish = (row: FlowQueueRow) =>
    runner.run({ action: 'finish', queueId: row._id }, { queue: row.queue_number });

  return (
    <Flex vertical gap={16}>
      <ReconnectingBanner connected={connected} />
      {withActions && today && <DisplayWarnings displays={proof.data?.displays ?? []} />}
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {titleKey ? t(titleKey) : engine.name}
          </Typography.Title>
        }
        extra={
          <Link to={MANAGE_CALLING_TODAY}>
            <LeftOutlined style={{ fontSize: 11 }} /> {t('reportQueue.backToCalling')}
          </Link>
        }
      >
        <Flex vertical gap={16}>
          <Flex gap={12} wrap align="center">
            <Flex gap={8} align="center">
              <Typography.Text>{t('reportQueue.date')}</Typography.Text>
              <DatePicker
                value={date ?? siteToday}
                allowClear={false}
                disabledDate={(day) => day.isAfter(siteToday, 'day')}
                onChange={(day: Dayjs | null) => setDate(day && !day.isSame(siteToday, 'day') ? day : null)}
                aria-label={t('reportQueue.date')}
              />
            </Flex>
            <Input.Search
              allowClear
              placeholder={t('reportQueue.searchPlaceholder')}
              aria-label={t('reportQueue.searchPlaceholder')}
              onChange={(event) => setSearch(event.target.value)}
              onSearch={setSearch}
              style={{ width: 360, maxWidth: '100%' }}
            />
          </Flex>
          {report.isError && (
            <Alert
              type="error"
              showIcon
              title={t('reportQueue.loadFailed')}
              description={errorMessage(t, report.error)}
              action={<Button onClick={() => void report.refetch()}>{t('calling.retry')}</Button>}
            />
          )}
          <FlowReportTable
            flowEngineId={engine.id}
            rows={rows}
            loading={report.isPending || (report.isFetching && report.isPlaceholderData)}
            withActions={withActions}
            busy={runner.busy || !connected}
            onCall={(row) => setSelectedId(row._id)}
            onFinish={finish}
            onHistory={setHistoryOf}
            day={report.data?.find_date ?? ''}
            proofOf={withActions && today ? proofOf : undefined}
          />
        </Flex>
      </Card>
      <QueueActionDialog
        target={target}
        gone={false}
        connected={connected}
        now={now}
        onClose={() => setSelectedId(null)}
      />
      <QueueHistoryDrawer
        uuid={historyOf?.uuid ?? null}
        queueNumber={historyOf?.queue_number}
        onClose={() => setHistoryOf(null)}
      />
    </Flex>
  );
}
