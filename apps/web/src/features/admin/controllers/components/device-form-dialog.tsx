import { useState } from 'react';
import { Alert, App, Form, Input, InputNumber, Modal, Radio, Select, type FormInstance } from 'antd';
import {
  READER_ACTIONS,
  READER_MIN_CONFIDENCE,
  type ReaderAction,
} from '@truck-queue/shared/identify/readers';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  ANNOUNCE_RATE,
  ANNOUNCE_VOLUME,
  NOW_CALLING_SECONDS,
  RECENT_COUNT,
  type DeviceRow,
} from '@truck-queue/shared/contracts/controller.contract';
import { isApiRequestError, type ClientErrorCode } from '../../../../lib/api-client.ts';
import { errorCodeOf, errorMessage } from '../../../../lib/errors.ts';
import { DEFAULT_PRINTER_PORT } from '@truck-queue/shared/printing/printer-status';
import { typedTextRule } from '../../../../lib/form-rules.ts';
import type { DeviceKind } from '../api/query-keys.ts';
import { useSaveDevice } from '../api/use-save-device.ts';
import { useDevices } from '../api/use-devices.ts';
import { useSaveStation } from '../../catalog/api/use-save-station.ts';
import { useStations } from '../../catalog/api/use-stations.ts';
import { QuickAdd } from '../../catalog/components/quick-add.tsx';
import { AnnounceFields } from './announce-fields.tsx';
import { PrintSettingsFields, type PrintSettingsValues } from './print-settings-fields.tsx';
import { useRetained } from './use-retained.ts';
import { FormButtons } from '../../../../components/form-dialog.tsx';

interface DeviceFormValues extends PrintSettingsValues {
  name: string;
  /** Only on a kiosk's edit (an unmounted field is absent from the values). */
  printerName?: string | undefined;
  /** Only on a display's edit: minutes a call stays under "now calling". */
  nowCallingMinutes?: number | undefined;
  /** Only on a display's edit: how many latest calls its board lists. */
  recentCount?: number | undefined;
  /** Only on a display's edit: its voice (an empty sentence is the standard one). */
  announceSentence?: string | undefined;
  announceRate?: number | undefined;
  announceVolume?: number | undefined;
  announceRepeat?: 1 | 2 | undefined;
  /** Only on a scale: its weighbridge station (null: none yet); a weighbridge reader's station. */
  stationId?: number | null | undefined;
  /** Only on a reader: where it stands, and the least confidence to act alone (percent). */
  readerAction?: ReaderAction | undefined;
  minConfidence?: number | undefined;
  /** Only on an entrance reader: the network ticket printer its check-ins print on (null: none). */
  readerPrinterId?: number | null | undefined;
}

const NOW_CALLING_MINUTES = {
  min: Math.ceil(NOW_CALLING_SECONDS.min / 60),
  max: Math.floor(NOW_CALLING_SECONDS.max / 60),
};

/** A new display or kiosk, an existing one, or nothing (closed). */
export type DeviceFormTarget = { mode: 'create' } | { mode: 'edit'; device: DeviceRow } | null;

interface DeviceFormDialogProps {
  kind: DeviceKind;
  target: DeviceFormTarget;
  onClose: () => void;
}

/**
 * Add or rename a display screen, ticket kiosk or scale (a scale also chooses its weighbridge station); a kiosk's edit also names its printer and
 * says where its tickets print (browser, network printer, USB printer) on what paper, a display's how long a call stays under "now calling" and how it announces calls.
 */
export function DeviceFormDialog({ kind, target, onClose }: DeviceFormDialogProps) {
  const { t } = useTranslation();
  const shown = useRetained(target);
  return (
    <Modal
      open={target !== null}
      title={
        shown?.mode === 'edit' ? t(`admin.devices.${kind}.editTitle`) : t(`admin.devices.${kind}.createTitle`)
      }
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={480}
    >
      {shown && <DeviceForm kind={kind} target={shown} onClose={onClose} />}
    </Modal>
  );
}

function DeviceForm({
  kind,
  target,
  onClose,
}: {
  kind: DeviceKind;
  target: NonNullable<DeviceFormTarget>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DeviceFormValues>();
  const save = useSaveDevice();
  const [failure, setFailure] = useState<string | null>(null);
  const editing = target.mode === 'edit' ? target.device : null;

  const submit = (values: DeviceFormValues) => {
    if (save.isPending) return;
    setFailure(null);
    const printerName = values.printerName?.trim() ?? '';
    save.mutate(
      {
        kind,
        uuid: editing?.uuid,
        name: values.name.trim(),
        printerName: printerName === '' ? null : printerName,
        print:
          kind === 'printer' && editing && values.printTarget
            ? {
                target: values.printTarget,
                host: values.printerHost?.trim() || null,
                port: values.printerPort ?? DEFAULT_PRINTER_PORT,
                paperWidth: values.paperWidth ?? 80,
              }
            : undefined,
        nowCallingSeconds: values.nowCallingMinutes === undefined ? undefined : values.nowCallingMinutes * 60,
        recentCount: values.recentCount,
        stationId: kind === 'scale' || kind === 'reader' ? (values.stationId ?? null) : undefined,
        reader:
          kind === 'reader'
            ? {
                action: values.readerAction ?? 'gate_exit',
                minConfidence: values.minConfidence ?? READER_MIN_CONFIDENCE.default,
                printerId: values.readerPrinterId ?? null,
              }
            : undefined,
        announce:
          kind === 'display' && editing && values.announceRate !== undefined
            ? {
                sentence: values.announceSentence?.trim() || null,
                rate: values.announceRate,
                volume: values.announceVolume ?? ANNOUNCE_VOLUME.default,
                repeat: values.announceRepeat ?? 1,
              }
            : undefined,
      },
      {
        onSuccess: () => {
          void message.success(t('admin.devices.saved'));
          onClose();
        },
        onError: (error) => {
          const hostProblem = printerHostRefusal(error);
          if (isApiRequestError(error) && error.detail.reason === 'NAME_TAKEN') {
            form.setFields([{ name: 'name', errors: [errorMessage(t, error)] }]);
          } else if (hostProblem && values.printTarget === 'network') {
            form.setFields([
              { name: 'printerHost', errors: [t(`printing.settings.refusals.${hostProblem}`)] },
            ]);
          } else {
            setFailure(errorMessage(t, error));
          }
        },
      },
    );
  };

  return (
    <Form<DeviceFormValues>
      form={form}
      name={`${kind}Device`}
      layout="vertical"
      requiredMark={false}
      initialValues={{
        name: editing?.name ?? '',
        printerName: editing?.printer_name ?? '',
        nowCallingMinutes: Math.round((editing?.now_calling_seconds ?? NOW_CALLING_SECONDS.default) / 60),
        recentCount: editing?.recent_count ?? RECENT_COUNT.default,
        announceSentence: editing?.announce_sentence ?? '',
        announceRate: editing?.announce_rate ?? ANNOUNCE_RATE.default,
        announceVolume: editing?.announce_volume ?? ANNOUNCE_VOLUME.default,
        announceRepeat: editing?.announce_repeat === 2 ? 2 : 1,
        printTarget: editing?.print_target ?? 'browser',
        printerHost: editing?.printer_host ?? '',
        printerPort: editing?.printer_port ?? DEFAULT_PRINTER_PORT,
        paperWidth: editing?.paper_width ?? 80,
        stationId: editing?.station?.id ?? null,
        readerAction: editing?.reader?.action ?? 'gate_exit',
        minConfidence: editing?.reader?.min_confidence ?? READER_MIN_CONFIDENCE.default,
        readerPrinterId: editing?.reader?.printer?.id ?? null,
      }}
      onFinish={submit}
      style={{ marginTop: 16 }}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form.Item
        name="name"
        label={t(`admin.devices.${kind}.name`)}
        rules={[
          { required: true, whitespace: true, message: t(`admin.devices.${kind}.nameRequired`) },
          typedTextRule(t),
        ]}
      >
        <Input
          maxLength={100}
          autoComplete="off"
          autoFocus
          placeholder={t(`admin.devices.${kind}.namePlaceholder`)}
        />
      </Form.Item>
      {kind === 'scale' && <ScaleStationField form={form} />}
      {kind === 'reader' && <ReaderFields form={form} />}
      {kind === 'printer' && editing && (
        <Form.Item
          name="printerName"
          label={t('admin.devices.printerName')}
          extra={t('admin.devices.printerNameHint')}
        >
          <Input maxLength={100} autoComplete="off" allowClear />
        </Form.Item>
      )}
      {kind === 'printer' && editing && <PrintSettingsFields form={form} />}
      {kind === 'display' && editing && (
        <Form.Item
          name="nowCallingMinutes"
          label={t('admin.devices.nowCalling')}
          extra={t('admin.devices.nowCallingHint')}
          rules={[{ required: true, message: t('admin.devices.nowCallingRequired') }]}
        >
          <InputNumber
            min={NOW_CALLING_MINUTES.min}
            max={NOW_CALLING_MINUTES.max}
            precision={0}
            suffix={t('admin.devices.minutes')}
            style={{ width: 160 }}
          />
        </Form.Item>
      )}
      {kind === 'display' && editing && (
        <Form.Item
          name="recentCount"
          label={t('admin.devices.recentCount')}
          extra={t('admin.devices.recentCountHint')}
          rules={[{ required: true, message: t('admin.devices.recentCountRequired') }]}
        >
          <InputNumber
            min={RECENT_COUNT.min}
            max={RECENT_COUNT.max}
            precision={0}
            suffix={t('admin.devices.calls')}
            style={{ width: 160 }}
            data-testid="display-recent-count"
          />
        </Form.Item>
      )}
      {kind === 'display' && editing && <AnnounceFields form={form} />}
      <FormButtons onCancel={onClose} loading={save.isPending} />
    </Form>
  );
}

/**
 * A scale's weighbridge: one of the branch's weighbridge stations (a call or recheck station is no
 * place to weigh), or none yet. Without any, it says so and where to mark one, and a new
 * weighbridge station can be added here and chosen at once.
 */
function ScaleStationField({ form }: { form: FormInstance<DeviceFormValues> }) {
  const { t } = useTranslation();
  const stations = useStations();
  const save = useSaveStation();
  const weighbridges = (stations.data ?? []).filter((s) => s.weighbridge);
  const none = stations.isSuccess && weighbridges.length === 0;
  return (
    <>
      <Form.Item
        name="stationId"
        label={t('admin.devices.scale.station')}
        extra={none ? undefined : t('admin.devices.scale.stationHint')}
        style={none ? { marginBottom: 8 } : undefined}
      >
        <Select<number | null>
          allowClear
          loading={stations.isPending}
          disabled={none}
          placeholder={t(
            none ? 'admin.devices.scale.noWeighbridge' : 'admin.devices.scale.stationPlaceholder',
          )}
          options={weighbridges.map((s) => ({ value: s.id, label: s.name }))}
          data-testid="scale-station"
        />
      </Form.Item>
      {none && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('admin.devices.scale.noWeighbridgeTitle')}
          description={
            <>
              {t('admin.devices.scale.noWeighbridgeText')}{' '}
              <Link to="/System/station" style={{ whiteSpace: 'nowrap' }}>
                {t('admin.devices.scale.goToStations')}
              </Link>
            </>
          }
        />
      )}
      <div style={{ marginBottom: 16 }}>
        <QuickAdd
          texts={{
            open: t('admin.devices.scale.addWeighbridge'),
            label: t('catalog.station.name'),
            placeholder: t('admin.devices.scale.weighbridgePlaceholder'),
            required: t('catalog.station.nameRequired'),
          }}
          existingNames={(stations.data ?? []).map((s) => s.name)}
          onAdd={async (name) => {
            const { station } = await save.mutateAsync({ name, weighbridge: true });
            form.setFieldValue('stationId', station.id);
          }}
        />
      </div>
    </>
  );
}

/**
 * A plate camera's or RFID reader's place (issue 42): the gate, where a truck whose work is done
 * leaves on its read, a weighbridge station, whose weighing page is told the truck on the deck,
 * or the entrance, where a booked truck is checked in (its ticket printed on the printer
 * chosen); and how sure a plate read must be to act without an officer.
 */
function ReaderFields({ form }: { form: FormInstance<DeviceFormValues> }) {
  const { t } = useTranslation();
  const action = Form.useWatch('readerAction', form) ?? 'gate_exit';
  return (
    <>
      <Form.Item
        name="readerAction"
        label={t('admin.devices.reader.place')}
        extra={t(`admin.devices.reader.placeHints.${action}`)}
      >
        <Radio.Group
          optionType="button"
          options={READER_ACTIONS.map((value) => ({
            value,
            label: t(`admin.devices.reader.places.${value}`),
          }))}
          data-testid="reader-action"
        />
      </Form.Item>
      {action === 'weighbridge' && (
        <Form.Item
          name="stationId"
          label={t('admin.devices.scale.station')}
          rules={[{ required: true, message: t('admin.devices.reader.stationRequired') }]}
        >
          <WeighbridgeSelect />
        </Form.Item>
      )}
      {action === 'check_in' && (
        <Form.Item
          name="readerPrinterId"
          label={t('admin.devices.reader.printer')}
          extra={t('admin.devices.reader.printerHint')}
        >
          <EntrancePrinterSelect />
        </Form.Item>
      )}
      <Form.Item
        name="minConfidence"
        label={t('admin.devices.reader.minConfidence')}
        extra={t('admin.devices.reader.minConfidenceHint')}
        rules={[{ required: true, message: t('admin.devices.reader.minConfidenceRequired') }]}
      >
        <InputNumber
          min={READER_MIN_CONFIDENCE.min}
          max={READER_MIN_CONFIDENCE.max}
          precision={0}
          suffix="%"
          style={{ width: 140 }}
          data-testid="reader-min-confidence"
        />
      </Form.Item>
    </>
  );
}

/** The branch's network ticket printers an entrance reader may print on, or none (a form item's control). */
function EntrancePrinterSelect(props: { value?: number | null; onChange?: (value: number | null) => void }) {
  const { t } = useTranslation();
  const printers = useDevices('printer');
  const network = (printers.data ?? []).filter((p) => p.print_target === 'network');
  return (
    <Select<number | null>
      {...props}
      loading={printers.isPending}
      options={[
        { value: null, label: t('admin.devices.reader.printerNone') },
        ...network.map((p) => ({ value: p.id, label: p.name })),
      ]}
      data-testid="reader-printer"
    />
  );
}

/** The branch's weighbridge stations to choose from (a form item's control). */
function WeighbridgeSelect(props: { value?: number | null; onChange?: (value: number | null) => void }) {
  const { t } = useTranslation();
  const stations = useStations();
  const weighbridges = (stations.data ?? []).filter((s) => s.weighbridge);
  return (
    <Select<number | null>
      {...props}
      loading={stations.isPending}
      placeholder={t(
        stations.isSuccess && weighbridges.length === 0
          ? 'admin.devices.scale.noWeighbridge'
          : 'admin.devices.scale.stationPlaceholder',
      )}
      options={weighbridges.map((s) => ({ value: s.id, label: s.name }))}
      data-testid="reader-station"
    />
  );
}

/** The server's refusals of a network printer's address, as the host field words them. */
const HOST_REFUSALS: Partial<Record<ClientErrorCode, 'hostRequired' | 'notLocal' | 'hostInvalid'>> = {
  PRINTER_HOST_REQUIRED: 'hostRequired',
  PRINTER_ADDRESS_NOT_LOCAL: 'notLocal',
  VALIDATION_FAILED: 'hostInvalid',
};

const printerHostRefusal = (error: unknown) => HOST_REFUSALS[errorCodeOf(error)] ?? null;
