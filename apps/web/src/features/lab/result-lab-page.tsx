import { useState } from 'react';
import { App, Button, Flex, Popconfirm, Tag, Typography, type TableColumnsType } from 'antd';
import { CheckOutlined, EditOutlined, ExperimentOutlined, RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { DURATION_RULES } from '@truck-queue/shared/durations';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import type {
  LabRecord,
  labAccept as labAcceptContract,
} from '@truck-queue/shared/contracts/station-work.contract';
import { isInLab, takesNewSample } from '@truck-queue/shared/queue/queue-machine';
import { QueueStateTag } from '../../components/queue-state-tag.tsx';
import { useDates } from '../../lib/calendar-context.tsx';
import { DurationTitle } from '../../components/duration-title.tsx';
import { formatDuration } from '../../lib/durations.ts';
import { CounterPage, useCounterScan } from '../station-work/components/counter-page.tsx';
import { scanLabel, type NamedTruck } from '../station-work/scan-words.ts';
import { useAcceptToday, useLabMeasures } from './api/use-accept-today.ts';
import { LabValuesDialog } from './lab-values-dialog.tsx';
import { LabValueTags } from '../../components/lab-values.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { useLabAccept } from './api/use-lab-accept.ts';
import { useLabCompleted } from './api/use-lab-completed.ts';
import { useLabCorrect } from './api/use-lab-correct.ts';
import { usePlantToday } from '../auth/use-plant-today.ts';
import { queueNumberColumn } from '../station-work/components/queue-number-column.tsx';

function clock(instant: string | null): string {
  return instant ? dayjs(instant).format('HH:mm') : '-';
}

/** /System/manageResultLab: the lab counter takes samples in (scan) and checks results out. */
export function ResultLabPage() {
  const { t } = useTranslation();
  const dates = useDates();
  const { message } = App.useApp();
  const today = useAcceptToday();
  const plantToday = usePlantToday();
  const accept = useLabAccept();
  const checkout = useLabCompleted();
  const correction = useLabCorrect();
  const scan = useCounterScan('lab');
  const measures = useLabMeasures();
  // The sample whose values are being typed (its type measures something) or corrected, and why the last try failed.
  const [measuring, setMeasuring] = useState<LabRecord | null>(null);
  const [mode, setMode] = useState<'checkout' | 'correct'>('checkout');
  const [measureFailure, setMeasureFailure] = useState<string | null>(null);
  const measuresOf = (row: LabRecord) =>
    (measures.data ?? []).filter((m) => m.branch_queue_type_id === row.branch_queue_type_id);

  /** Takes the sample of the truck scanned or typed; again with the picked uuid when several held the number. */
  const send = (body: BodyOf<typeof labAcceptContract>, named: NamedTruck) => {
    accept.mutate(body, {
      onSuccess: ({ queue }) =>
        scan.recorded({
          text: t('lab.recorded', { n: queue.queue_number }),
          detail: t('lab.recordedDetail', {
            license: queue.truck_license,
            time: clock(queue.stamp_lab_start),
          }),
        }),
      // The server's reason (already taken, not a lab queue, already left) says why; the
      // general text only when it gave none.
      onError: (error) =>
        scan.refused(
          error,
          named,
          {
            conflict: t('lab.acceptConflict', { n: scanLabel(t, named) }),
            invalid: { title: t('lab.invalidNumber') },
          },
          {
            pick: (candidate) => send({ queue_number: candidate.queue_number, uuid: candidate.uuid }, named),
          },
        ),
    });
  };

  const submit = () => {
    if (accept.isPending) return;
    const target = scan.take();
    if (target) send(target.ref, target.named);
  };

  /** A row's correction: the values again and the reason; refusals are said in the dialog. */
  const correct = (row: LabRecord, values: { measure_id: number; value: number }[], note: string) => {
    if (correction.isPending) return;
    setMeasureFailure(null);
    correction.mutate(
      { uuid: row.uuid, values, note },
      {
        onSuccess: ({ queue }) => {
          setMeasuring(null);
          void message.success(t('labValues.correct.done', { n: queue.queue_number }));
          scan.focus();
        },
        onError: (error) => setMeasureFailure(errorMessage(t, error)),
      },
    );
  };

  /** A truck back from recheck: its new sample, from its row (the same as scanning its ticket again). */
  const newSample = (row: LabRecord) => {
    if (accept.isPending) return;
    accept.mutate(
      { uuid: row.uuid },
      {
        onSuccess: ({ queue }) => {
          void message.success(t('lab.newSampleDone', { n: queue.queue_number, sample: row.lab_sample + 1 }));
          scan.focus();
        },
        onError: (error) =>
          scan.refused(
            error,
            { kind: 'number', queueNumber: row.queue_number },
            { conflict: t('lab.acceptConflict', { n: row.queue_number }), fromRow: true },
          ),
      },
    );
  };

  const renewing = accept.variables && 'uuid' in accept.variables ? accept.variables.uuid : undefined;
  const checkingOut =
    checkout.variables && 'uuid' in checkout.variables ? checkout.variables.uuid : undefined;
  const checkOut = (row: LabRecord, values?: { measure_id: number; value: number }[]) => {
    if (checkout.isPending) return;
    const n = row.queue_number;
    setMeasureFailure(null);
    checkout.mutate(
      { uuid: row.uuid, ...(values ? { values } : {}) },
      {
        onSuccess: ({ queue }) => {
          setMeasuring(null);
          void message.success(t('lab.checkedOut', { n: queue.queue_number }));
          scan.focus();
        },
        onError: (error) => {
          // The values were refused (a measurement changed meanwhile): said in the dialog, kept.
          if (values) {
            setMeasureFailure(errorMessage(t, error));
            return;
          }
          scan.refused(
            error,
            { kind: 'number', queueNumber: n },
            { conflict: t('lab.checkoutConflict', { n }), fromRow: true },
          );
        },
      },
    );
  };

  const columns: TableColumnsType<LabRecord> = [
    queueNumberColumn(t('lab.columns.queueNumber'), plantToday, 130),
    { key: 'truck_license', title: t('lab.columns.truckLicense'), dataIndex: 'truck_license', width: 160 },
    {
      key: 'stamp_lab_start',
      title: t('lab.columns.labStart'),
      dataIndex: 'stamp_lab_start',
      width: 140,
      render: (value: string | null) => dates.dateTime(value),
    },
    {
      key: 'stamp_lab_finish',
      title: t('lab.columns.labFinish'),
      dataIndex: 'stamp_lab_finish',
      width: 140,
      render: (value: string | null) => dates.dateTime(value),
    },
    {
      key: 'duration',
      title: <DurationTitle title={t('lab.columns.labDuration')} rule={DURATION_RULES.labPage} />,
      dataIndex: 'stamp_second_ls_to_lf',
      width: 110,
      // The spec's lab-screen rule: the started minute counts; '-' while in the lab.
      render: (value: number | null) => formatDuration(t, value, DURATION_RULES.labPage),
    },
    {
      key: 'lab_values',
      title: t('labValues.title'),
      width: 230,
      render: (_value, row) => <SampleValues row={row} />,
    },
    {
      key: 'state',
      title: t('lab.columns.state'),
      dataIndex: 'queue_state',
      width: 130,
      // The state, and how far the weighbridge has got: a load weighed out is gone from the truck.
      render: (value: string, row) => (
        <Flex vertical align="start" gap={2} data-testid={`lab-stage-${row.uuid}`}>
          <QueueStateTag state={value} />
          {(row.weigh_out_at ?? row.weigh_in_at) !== null && (
            <Typography.Text type={row.weigh_out_at ? 'warning' : 'secondary'} style={{ fontSize: 12 }}>
              {t(row.weigh_out_at ? 'lab.weighedOut' : 'lab.weighedIn')}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'action',
      title: t('lab.columns.action'),
      width: 170,
      align: 'center',
      // The row's action stays in sight however narrow the screen.
      fixed: 'end',
      render: (_value, row) => {
        if (row.exit !== null) return null;
        if (isInLab(row.queue_state))
          return measuresOf(row).length > 0 ? (
            <Button
              type="primary"
              ghost
              icon={<CheckOutlined aria-hidden />}
              loading={checkout.isPending && checkingOut === row.uuid}
              onClick={() => {
                setMeasureFailure(null);
                setMode('checkout');
                setMeasuring(row);
              }}
            >
              {t('lab.checkout')}
            </Button>
          ) : (
            <Popconfirm
              title={t('lab.checkoutConfirmTitle', { n: row.queue_number })}
              description={t('lab.checkoutConfirmDescription')}
              okText={t('lab.checkoutConfirmOk')}
              cancelText={t('lab.cancel')}
              onConfirm={() => checkOut(row)}
            >
              <Button
                type="primary"
                ghost
                icon={<CheckOutlined aria-hidden />}
                loading={checkout.isPending && checkingOut === row.uuid}
              >
                {t('lab.checkout')}
              </Button>
            </Popconfirm>
          );
        return (
          <Flex vertical gap={4} align="center">
            {takesNewSample(row.queue_state) && row.weigh_out_at === null && (
              <Button
                type="primary"
                ghost
                icon={<RedoOutlined aria-hidden />}
                loading={accept.isPending && renewing === row.uuid}
                onClick={() => newSample(row)}
              >
                {t('lab.newSample')}
              </Button>
            )}
            {row.lab_correctable && measuresOf(row).length > 0 && (
              <Button
                icon={<EditOutlined aria-hidden />}
                onClick={() => {
                  setMeasureFailure(null);
                  setMode('correct');
                  setMeasuring(row);
                }}
              >
                {t('labValues.correct.open')}
              </Button>
            )}
          </Flex>
        );
      },
    },
  ];

  return (
    <>
      <CounterPage<LabRecord>
        scan={scan}
        icon={ExperimentOutlined}
        onEnter={submit}
        action={
          <Button
            type="primary"
            size="large"
            icon={<CheckOutlined aria-hidden />}
            loading={accept.isPending}
            onClick={submit}
            style={{ minWidth: 120 }}
          >
            {t('lab.confirm')}
          </Button>
        }
        today={today}
        columns={columns}
        scrollX={1190}
      />
      <LabValuesDialog
        record={measuring}
        measures={measuring ? measuresOf(measuring) : []}
        sending={mode === 'correct' ? correction.isPending : checkout.isPending}
        failure={measureFailure}
        mode={mode}
        onSubmit={(values, note) => {
          if (!measuring) return;
          if (mode === 'correct') correct(measuring, values, note ?? '');
          else checkOut(measuring, values);
        }}
        onClose={() => setMeasuring(null)}
      />
    </>
  );
}

/**
 * A row's lab values and which sample they are from: after a recheck the new sample's number,
 * and while it is in the lab, the earlier sample's result marked as earlier.
 */
function SampleValues({ row }: { row: LabRecord }) {
  const { t } = useTranslation();
  const testing = isInLab(row.queue_state) && row.lab_sample > 0;
  if (!testing && row.lab_sample <= 1) return <LabValueTags values={row.lab_values} />;
  return (
    <Flex vertical gap={4} align="start">
      {testing ? (
        <>
          <Tag color="processing">{t('labValues.newSampleInLab', { n: row.lab_sample + 1 })}</Tag>
          <Typography.Text type="secondary">{t('labValues.previous', { n: row.lab_sample })}</Typography.Text>
        </>
      ) : (
        <Tag color="blue">{t('labValues.sample', { n: row.lab_sample })}</Tag>
      )}
      <LabValueTags values={row.lab_values} />
    </Flex>
  );
}
