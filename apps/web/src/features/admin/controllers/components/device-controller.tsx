import { useMemo, useState, type ReactNode } from 'react';
import { App, Button, Flex, Popconfirm, Typography, type TableColumnsType } from 'antd';
import { DisconnectOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { DeviceRow } from '@truck-queue/shared/contracts/controller.contract';
import { ListCard, ListTable, matchesSearch } from '../../../../components/list-card.tsx';
import { errorMessage } from '../../../../lib/errors.ts';
import type { DeviceKind, QueueTypeDeviceKind } from '../api/query-keys.ts';
import { ScaleWeightTag } from '../../../../components/scale-weight.tsx';
import { useCancelDevice } from '../api/use-cancel-device.ts';
import { useDeviceAssign } from '../api/use-device-assign.ts';
import { deviceChoicesQueryOptions } from '../api/use-device-choices.ts';
import { useDevices } from '../api/use-devices.ts';
import { useDeviceUnassign } from '../api/use-device-unassign.ts';
import { AssignmentTags, type AssignmentTexts } from './assignment-tags.tsx';
import { ChoiceDialog, type ChoiceTexts } from './choice-dialog.tsx';
import { DeviceConnection } from './device-connection.tsx';
import { DisplayStatusTags, DisplayWarnings } from '../../../../components/display-status.tsx';
import { DeviceFormDialog, type DeviceFormTarget } from './device-form-dialog.tsx';
import { PrinterCell } from './printer-cell.tsx';
import { RegisterDeviceDialog } from './register-device-dialog.tsx';
import { useRetained } from './use-retained.ts';

/**
 * Display, printing and weighbridge controllers: the branch's screens (kiosks, scales), the queue
 * types each serves (a scale: its weighbridge station and its weight now), the device bound to it,
 * and the dialogs to add, rename, register and assign.
 */
export function DeviceController({ kind, extraAction }: { kind: DeviceKind; extraAction?: ReactNode }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const devices = useDevices(kind);
  const assign = useDeviceAssign();
  const unassign = useDeviceUnassign();
  const cancel = useCancelDevice();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<DeviceFormTarget>(null);
  const [registering, setRegistering] = useState<DeviceRow | null>(null);
  const [assigning, setAssigning] = useState<DeviceRow | null>(null);
  const shownAssigning = useRetained(assigning);

  const rows = useMemo(() => devices.data ?? [], [devices.data]);
  const shown = useMemo(
    () =>
      rows.filter((row) =>
        matchesSearch(
          search,
          row.name,
          row.device_id,
          row.printer_name,
          row.station?.name,
          ...row.aCtrl.map((q) => q.queue_type_name),
        ),
      ),
    [rows, search],
  );

  /** Displays and kiosks serve queue types; a scale serves its weighbridge station instead, a reader its place. */
  const typesKind = kind === 'scale' || kind === 'reader' ? null : kind;

  const tagTexts = (device: DeviceRow, typesKind: QueueTypeDeviceKind): AssignmentTexts => ({
    none: t('admin.devices.queueTypes.none'),
    manage: t('admin.devices.queueTypes.manage'),
    removeLabel: (item) => t('admin.devices.queueTypes.removeLabel', { item, name: device.name }),
    confirmTitle: (item) => t('admin.devices.queueTypes.removeTitle', { item, name: device.name }),
    confirmText: t(`admin.devices.${typesKind}.removeText`),
    confirmOk: t('admin.devices.remove'),
    removed: t('admin.devices.removed'),
  });

  const choiceTexts: ChoiceTexts = {
    hint: typesKind ? t(`admin.devices.${typesKind}.queueTypesHint`) : '',
    selectAll: t('admin.devices.queueTypes.selectAll'),
    selectedCount: (selected, total) => t('admin.devices.queueTypes.selectedCount', { selected, total }),
    loadFailed: t('admin.devices.queueTypes.loadFailed'),
    empty: t('admin.devices.queueTypes.empty'),
    emptyLink: { to: '/System/defineQueue', label: t('admin.devices.queueTypes.emptyLink') },
  };

  const cancelConnection = (device: DeviceRow) =>
    cancel.mutateAsync({ kind, uuid: device.uuid }).then(
      () => void message.success(t('admin.devices.cancelled')),
      (error: unknown) => void message.error(errorMessage(t, error)),
    );

  const columns: TableColumnsType<DeviceRow> = [
    {
      key: 'name',
      title: t(`admin.devices.${kind}.nameColumn`),
      dataIndex: 'name',
      width: 180,
      render: (value: string) => <Typography.Text strong>{value}</Typography.Text>,
    },
    kind === 'reader'
      ? {
          key: 'place',
          title: t('admin.devices.reader.placeColumn'),
          width: 220,
          render: (_value: unknown, row: DeviceRow) => (
            <Flex vertical gap={2}>
              <span>
                {row.reader?.action === 'weighbridge' && row.station
                  ? t('admin.devices.reader.atStation', { station: row.station.name })
                  : t(
                      `admin.devices.reader.places.${row.reader?.action === 'check_in' ? 'check_in' : 'gate_exit'}`,
                    )}
              </span>
              {row.reader?.action === 'check_in' && (
                <Typography.Text type="secondary">
                  {row.reader.printer
                    ? t('admin.devices.reader.printerValue', { printer: row.reader.printer.name })
                    : t('admin.devices.reader.printerNone')}
                </Typography.Text>
              )}
              <Typography.Text type="secondary">
                {t('admin.devices.reader.minConfidenceValue', { value: row.reader?.min_confidence ?? 90 })}
              </Typography.Text>
            </Flex>
          ),
        }
      : typesKind === null
        ? {
            key: 'station',
            title: t('admin.devices.scale.stationColumn'),
            width: 200,
            render: (_value: unknown, row: DeviceRow) =>
              row.station ? (
                row.station.name
              ) : (
                <Typography.Text type="secondary">{t('admin.devices.scale.noStation')}</Typography.Text>
              ),
          }
        : {
            key: 'queueTypes',
            title: t(`admin.devices.${typesKind}.queueTypesColumn`),
            // Room for two or three tags and the manage button beside them, never squeezed under the next column.
            width: 280,
            render: (_value: unknown, row: DeviceRow) => (
              <AssignmentTags
                items={row.aCtrl.map((q) => ({ id: q.id, name: q.queue_type_name }))}
                texts={tagTexts(row, typesKind)}
                onRemove={(item) => unassign.mutateAsync({ kind: typesKind, assignmentId: item.id })}
                onManage={() => {
                  assign.reset();
                  setAssigning(row);
                }}
              />
            ),
          },
    {
      key: 'device',
      title: t('admin.devices.columns.device'),
      width: 220,
      render: (_value, row) => <DeviceConnection device={row} onRegister={() => setRegistering(row)} />,
    },
    ...(kind === 'reader'
      ? [
          {
            key: 'lastRead',
            title: t('admin.devices.reader.lastReadColumn'),
            width: 180,
            render: (_value: unknown, row: DeviceRow) =>
              row.reader?.last_read_at ? (
                dayjs(row.reader.last_read_at).format('DD/MM HH:mm')
              ) : (
                <Typography.Text type="secondary">{t('admin.devices.reader.neverRead')}</Typography.Text>
              ),
          },
        ]
      : kind === 'scale'
        ? [
            {
              key: 'weight',
              title: t('admin.devices.scale.weightColumn'),
              width: 220,
              render: (_value: unknown, row: DeviceRow) =>
                row.device_id && row.scale ? <ScaleWeightTag live={row.scale} /> : '-',
            },
          ]
        : kind === 'printer'
          ? [
              {
                key: 'printer',
                title: t('admin.devices.columns.printer'),
                width: 260,
                render: (_value: unknown, row: DeviceRow) => <PrinterCell device={row} />,
              },
            ]
          : [
              {
                key: 'status',
                title: t('displayStatus.column'),
                width: 220,
                render: (_value: unknown, row: DeviceRow) =>
                  row.live ? <DisplayStatusTags live={row.live} /> : '-',
              },
              {
                key: 'nowCalling',
                title: t('admin.devices.columns.nowCalling'),
                dataIndex: 'now_calling_seconds',
                width: 130,
                render: (value: number) => t('admin.devices.minutesValue', { count: Math.round(value / 60) }),
              },
            ]),
    {
      key: 'actions',
      title: t('admin.devices.columns.actions'),
      // The row's action stays in view however wide the table (an office PC's 1366 px).
      fixed: 'end',
      width: 200,
      render: (_value, row) => (
        <Flex vertical gap={4} align="flex-start">
          <Button
            size="small"
            type="text"
            icon={<EditOutlined aria-hidden />}
            onClick={() => setEditing({ mode: 'edit', device: row })}
          >
            {t('admin.devices.edit')}
          </Button>
          <Popconfirm
            disabled={!row.device_id}
            title={t('admin.devices.cancelConfirmTitle', { name: row.name })}
            description={t(`admin.devices.${kind}.cancelConfirmText`, { device: row.device_id ?? '' })}
            okText={t('admin.devices.cancelConnection')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => cancelConnection(row)}
          >
            <Button
              size="small"
              type="text"
              danger
              icon={<DisconnectOutlined aria-hidden />}
              loading={cancel.isPending && cancel.variables.uuid === row.uuid}
              onClick={() => {
                if (!row.device_id) void message.warning(t('admin.devices.noConnection'));
              }}
            >
              {t('admin.devices.cancelConnection')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  const saveQueueTypes = (ids: number[]) => {
    if (!assigning || assign.isPending || !typesKind) return;
    assign.mutate(
      { kind: typesKind, deviceId: assigning.id, ids },
      {
        onSuccess: () => {
          void message.success(t('admin.devices.saved'));
          setAssigning(null);
        },
      },
    );
  };

  return (
    <>
      <ListCard
        title={t(`admin.devices.${kind}.title`)}
        count={devices.data ? shown.length : undefined}
        countLabel={(count) => t(`admin.devices.${kind}.total`, { n: count })}
        search={search}
        onSearch={setSearch}
        searchPlaceholder={t(`admin.devices.${kind}.search`)}
        error={devices.isError ? errorMessage(t, devices.error) : null}
        retryLabel={t('admin.devices.retry')}
        onRetry={() => void devices.refetch()}
        refreshing={devices.isFetching}
        action={
          <Flex gap={8} wrap>
            {extraAction}
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => setEditing({ mode: 'create' })}
            >
              {t(`admin.devices.${kind}.add`)}
            </Button>
          </Flex>
        }
      >
        <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
          {t(`admin.devices.${kind}.intro`)}
        </Typography.Paragraph>
        <DisplayWarnings
          displays={rows.flatMap((row) =>
            row.device_id && row.live ? [{ ...row.live, uuid: row.uuid, name: row.name }] : [],
          )}
        />
        <ListTable<DeviceRow>
          columns={columns}
          rows={shown}
          loading={devices.isPending}
          failed={devices.isError}
          emptyText={
            search && rows.length > 0 ? t('admin.devices.noMatch') : t(`admin.devices.${kind}.empty`)
          }
          // As wide as its columns: each keeps its width and the table scrolls, the actions pinned.
          scrollX={columns.reduce(
            (sum, column) => sum + (typeof column.width === 'number' ? column.width : 0),
            0,
          )}
          // Kiosks' rows are tall (the printer's health and buttons): the sideways scrollbar and the
          // header stay in the window while the rows scroll.
          sticky
        />
      </ListCard>
      <DeviceFormDialog kind={kind} target={editing} onClose={() => setEditing(null)} />
      <RegisterDeviceDialog kind={kind} device={registering} onClose={() => setRegistering(null)} />
      <ChoiceDialog
        open={assigning !== null}
        choices={shownAssigning && typesKind ? deviceChoicesQueryOptions(typesKind, shownAssigning.id) : null}
        title={
          shownAssigning ? t('admin.devices.queueTypes.dialogTitle', { name: shownAssigning.name }) : null
        }
        texts={choiceTexts}
        saving={assign.isPending}
        saveError={assign.error}
        onSave={saveQueueTypes}
        onClose={() => setAssigning(null)}
      />
    </>
  );
}
