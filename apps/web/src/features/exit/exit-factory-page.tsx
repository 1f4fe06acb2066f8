import { App, Button, Flex, Tag, type TableColumnsType } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import { DURATION_RULES } from '@truck-queue/shared/durations';
import type { BodyOf, NumberCandidate, UnfinishedStep } from '@truck-queue/shared/contracts/api';
import type { ExitRecord, exitFactory } from '@truck-queue/shared/contracts/station-work.contract';
import { queueNumberOf, unfinishedStepsOf } from '../../lib/errors.ts';
import { useDates, type Dates } from '../../lib/calendar-context.tsx';
import { DurationTitle } from '../../components/duration-title.tsx';
import { formatDuration } from '../../lib/durations.ts';
import { CounterPage, useCounterScan } from '../station-work/components/counter-page.tsx';
import { scanLabel, type NamedTruck } from '../station-work/scan-words.ts';
import { useExitToday } from './api/use-exit-today.ts';
import { useExitFactory } from './api/use-exit-factory.ts';
import { confirmUnfinishedExit } from './confirm-unfinished-exit.tsx';
import { usePlantToday } from '../auth/use-plant-today.ts';
import { queueNumberColumn } from '../station-work/components/queue-number-column.tsx';
import { CameraReadsPanel } from '../camera-reads/camera-reads-panel.tsx';

type ExitBody = BodyOf<typeof exitFactory>;

/** Time in factory as the spec shows it on the gate's screen: the started minute counts. */
function timeInFactory(t: TFunction, seconds: number): string {
  return formatDuration(t, seconds, DURATION_RULES.exitPage);
}

function clock(instant: string): string {
  return dayjs(instant).format('HH:mm');
}

function exitColumns(t: TFunction, today: string, dates: Dates): TableColumnsType<ExitRecord> {
  return [
    queueNumberColumn(t('exit.columns.queueNumber'), today, 130),
    { key: 'truck_license', title: t('exit.columns.truckLicense'), dataIndex: 'truck_license', width: 170 },
    { key: 'queue_type_name', title: t('exit.columns.queueType'), dataIndex: 'queue_type_name', width: 150 },
    {
      key: 'created',
      title: t('exit.columns.created'),
      dataIndex: 'created',
      width: 140,
      render: (value: string) => dates.dateTime(value),
    },
    {
      key: 'exit',
      title: t('exit.columns.exit'),
      dataIndex: 'exit',
      width: 170,
      // A truck the gate let out before its work was done says so beside its exit time.
      render: (value: string, record) => (
        <Flex wrap gap={4} align="center">
          {dates.dateTime(value)}
          {record.left_unfinished && (
            <Tag color="warning" style={{ marginInlineEnd: 0 }}>
              {t('reports.inOut.leftUnfinished')}
            </Tag>
          )}
        </Flex>
      ),
    },
    {
      key: 'time_in_factory',
      title: <DurationTitle title={t('exit.columns.timeInFactory')} rule={DURATION_RULES.exitPage} />,
      dataIndex: 'time_in_factory',
      width: 120,
      render: (value: number) => timeInFactory(t, value),
    },
  ];
}

/** /System/exitFactory: the gate records each truck leaving the factory. */
export function ExitFactoryPage() {
  const { t } = useTranslation();
  const dates = useDates();
  const { modal } = App.useApp();
  const today = useExitToday();
  const plantToday = usePlantToday();
  const exit = useExitFactory();
  const scan = useCounterScan('exit');

  /**
   * Records the exit. The server may ask first: which of several trucks holding the number
   * (the chooser, then again with its uuid), or, for a truck whose work is not done, whether to
   * let it out anyway (then again with `confirm_unfinished`, marked so in the audit and report).
   */
  const send = (body: ExitBody, named: NamedTruck, picked?: NumberCandidate) => {
    const unfinished = body.confirm_unfinished === true;
    exit.mutate(body, {
      onSuccess: ({ queue }) =>
        scan.recorded({
          text: t(unfinished ? 'exit.recordedUnfinished' : 'exit.recorded', { n: queue.queue_number }),
          detail: t('exit.recordedDetail', {
            license: queue.truck_license,
            time: clock(queue.exit),
            duration: timeInFactory(t, queue.time_in_factory),
          }),
          tone: unfinished ? 'warning' : 'success',
        }),
      onError: (error) => {
        const missing = unfinishedStepsOf(error);
        if (missing && !unfinished) {
          // A scan names no number: the refusal says which queue it is.
          askUnfinished(body, named, queueNumberOf(error) ?? scanLabel(t, named), missing, picked);
          return;
        }
        const n = scanLabel(t, named);
        scan.refused(
          error,
          named,
          { conflict: t('exit.alreadyExitedNoTime', { n }), invalid: { title: t('exit.invalidNumber') } },
          {
            pick: (candidate) =>
              send({ queue_number: candidate.queue_number, uuid: candidate.uuid }, named, candidate),
          },
        );
      },
    });
  };

  /** The truck's work is not done: name what is missing; the officer lets it out or not (the default). */
  const askUnfinished = (
    body: ExitBody,
    named: NamedTruck,
    n: string,
    missing: UnfinishedStep[],
    picked?: NumberCandidate,
  ) =>
    confirmUnfinishedExit(modal, t, { n, licence: picked?.truck_license }, missing, {
      confirm: () => send({ ...body, confirm_unfinished: true }, named, picked),
      // Not let out: the number is selected for the next scan; let out, the outcome takes the caret.
      declined: () => scan.focus(true),
    });

  const submit = () => {
    if (exit.isPending) return;
    const target = scan.take();
    if (target) send(target.ref, target.named);
  };

  return (
    <CounterPage<ExitRecord>
      scan={scan}
      icon={LogoutOutlined}
      onEnter={submit}
      afterForm={<CameraReadsPanel kind="gate_exit" />}
      action={
        <Button
          type="primary"
          size="large"
          icon={<LogoutOutlined aria-hidden />}
          loading={exit.isPending}
          onClick={submit}
          style={{ minWidth: 120 }}
        >
          {t('exit.submit')}
        </Button>
      }
      today={today}
      columns={exitColumns(t, plantToday, dates)}
      scrollX={880}
    />
  );
}
