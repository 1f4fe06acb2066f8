import { useState } from 'react';
import {
  Alert,
  Button,
  DatePicker,
  Flex,
  Form,
  Modal,
  Result,
  Segmented,
  Select,
  Spin,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@truck-queue/shared/contracts/queue.contract';
import type { LineRule } from '@truck-queue/shared/contracts/line-rule';
import { formatElapsed } from './elapsed.ts';
import type { PrintOutcome } from '@truck-queue/shared/contracts/printing.contract';
import { LICENCE_MAX } from '@truck-queue/shared/licence';
import { errorCodeOf, errorMessage } from '../../../lib/errors.ts';
import { newIdempotencyKey, useIssueTicket } from '../api/use-issue-ticket.ts';
import { useTicketOptions } from '../api/use-ticket-options.ts';
import { useBranchPrinters } from '../api/use-branch-printers.ts';
import {
  PrinterChoice,
  printerUuidOf,
  rememberedPrinter,
  rememberPrinter,
  validChoice,
} from './printer-choice.tsx';
import {
  checkDraft,
  draftLicence,
  EMPTY_DRAFT,
  type LicenceProblem,
  type PlateDraft,
} from '../../plates/plate-draft.ts';
import { PlateInput } from '../../plates/plate-input.tsx';
import { BookingCheckIn } from './booking-check-in.tsx';
import { TicketIssued } from './ticket-issued.tsx';
import { FormButtons } from '../../../components/form-dialog.tsx';
import { SupplierPicker, supplierIdOf, type SupplierPick } from '../../suppliers/supplier-picker.tsx';

interface TicketFormValues {
  queueType: number | undefined;
  product: number | undefined;
  licence: PlateDraft;
  /** The line's class (issue 38); undefined: by the product, as the rule says. */
  orderClass?: string | undefined;
  /** When the load was cut or loaded (lines whose rule has a freshness limit). */
  cutAt?: Dayjs | null | undefined;
}

/** A queue type's order rule, from the calling cards (null: first come, first served). */
export type RuleOf = (queueTypeId: number) => LineRule | null;

/** The server refuses a cut time more than 10 minutes ahead or older than 3 days. */
const CUT_MAX_AGE_DAYS = 3;

/**
 * "New ticket" for a truck at the office: queue type, product, licence and where it prints (this
 * computer, or a kiosk's printer of the branch); then the number, and what became of its paper.
 */
export function NewTicketDialog({
  open,
  onClose,
  ruleOf = () => null,
}: {
  open: boolean;
  onClose: () => void;
  ruleOf?: RuleOf;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('ticket.title')} onCancel={onClose} footer={null} destroyOnHidden width={580}>
      {/* Mounted per opening: each opening gets its own idempotency key. */}
      <TicketFlow onClose={onClose} ruleOf={ruleOf} />
    </Modal>
  );
}

/** How the truck comes: without a booking (queue type, product, plate) or with its booking's code. */
type TicketMode = 'walkIn' | 'booking';

function TicketFlow({ onClose, ruleOf }: { onClose: () => void; ruleOf: RuleOf }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<TicketMode>('walkIn');
  const [attemptKey, setAttemptKey] = useState(newIdempotencyKey);
  const [issued, setIssued] = useState<{ ticket: Ticket; print: PrintOutcome } | null>(null);
  const [last, setLast] = useState<Pick<TicketFormValues, 'queueType' | 'product'>>({
    queueType: undefined,
    product: undefined,
  });

  if (issued) {
    return (
      <TicketIssued
        ticket={issued.ticket}
        print={issued.print}
        onAnother={() => {
          setIssued(null);
          setAttemptKey(newIdempotencyKey());
        }}
        onClose={onClose}
      />
    );
  }
  return (
    <>
      <Segmented<TicketMode>
        block
        value={mode}
        onChange={setMode}
        data-testid="new-ticket-mode"
        style={{ marginTop: 8 }}
        options={[
          { value: 'walkIn', label: t('ticket.mode.walkIn') },
          { value: 'booking', label: t('ticket.mode.booking') },
        ]}
      />
      {mode === 'booking' ? (
        <BookingCheckIn
          key={attemptKey}
          onIssued={(ticket, print) => setIssued({ ticket, print })}
          onCancel={onClose}
        />
      ) : (
        <TicketForm
          key={attemptKey}
          idempotencyKey={attemptKey}
          initial={last}
          ruleOf={ruleOf}
          onIssued={(ticket, print, values) => {
            setLast(values);
            setIssued({ ticket, print });
          }}
          onCancel={onClose}
        />
      )}
    </>
  );
}

interface TicketFormProps {
  idempotencyKey: string;
  initial: Pick<TicketFormValues, 'queueType' | 'product'>;
  onIssued: (
    ticket: Ticket,
    print: PrintOutcome,
    values: Pick<TicketFormValues, 'queueType' | 'product'>,
  ) => void;
  onCancel: () => void;
  ruleOf: RuleOf;
}

function TicketForm({ idempotencyKey, initial, onIssued, onCancel, ruleOf }: TicketFormProps) {
  const { t } = useTranslation();
  const options = useTicketOptions(true);
  const issue = useIssueTicket();
  const [form] = Form.useForm<TicketFormValues>();
  const typeId = Form.useWatch('queueType', form);
  const draft = Form.useWatch('licence', form);
  const typed = draft ? checkDraft(draft) : null;
  const [supplier, setSupplier] = useState<SupplierPick>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const printers = useBranchPrinters();
  // Remembered per browser: an office next to a kiosk prints on it every time.
  const [pickedPrinter, setPickedPrinter] = useState(rememberedPrinter);
  const printer = validChoice(pickedPrinter, printers.data ?? []);

  if (options.isPending) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  }
  if (options.isError) {
    return (
      <Result
        status="error"
        title={t('ticket.loadFailed')}
        subTitle={errorMessage(t, options.error)}
        extra={<Button onClick={() => void options.refetch()}>{t('calling.retry')}</Button>}
      />
    );
  }
  const types = options.data;
  if (types.length === 0) {
    return (
      <Result status="info" title={t('ticket.noQueueTypes.title')} subTitle={t('ticket.noQueueTypes.text')} />
    );
  }

  const onlyType = types.length === 1 ? types[0] : undefined;
  const startType = types.find((q) => q.id === initial.queueType) ?? onlyType;
  const startProduct =
    startType?.product.find((p) => p.id === initial.product)?.id ??
    (startType?.product.length === 1 ? startType.product[0]?.id : undefined);
  const type = types.find((q) => q.id === (typeId ?? startType?.id));
  const noProducts = type !== undefined && type.product.length === 0;
  const rule = type ? ruleOf(type.id) : null;
  const classes = rule?.classes ?? [];
  const freshLimit = rule?.fresh_limit_minutes ?? null;

  const licenceProblem = (problem: LicenceProblem): string => {
    switch (problem) {
      case 'empty':
        return t('ticket.licenceRequired');
      case 'numberMissing':
        return t('ticket.licenceNumberMissing');
      case 'tooLong':
        return t('ticket.licenceTooLong', { max: LICENCE_MAX });
      case 'startsLikeFormula':
        return t('ticket.licenceStartsLikeFormula');
      case 'invalid':
        return t('ticket.licenceInvalid');
    }
  };

  const submit = (values: TicketFormValues) => {
    if (issue.isPending || values.queueType === undefined || values.product === undefined) return;
    setFailure(null);
    issue.mutate(
      {
        id_branchQT: values.queueType,
        product: values.product,
        truck_license: draftLicence(values.licence),
        idempotency_key: idempotencyKey,
        printer_uuid: printerUuidOf(printer),
        // Left out: the server takes the plate's supplier, as the field showed.
        ...supplierIdOf(supplier),
        // Left out unless asked: the product's class, and no cut time.
        ...(classes.length > 0 && values.orderClass !== undefined ? { order_class: values.orderClass } : {}),
        ...(freshLimit !== null && values.cutAt
          ? { cut_at: values.cutAt.second(0).millisecond(0).format() }
          : {}),
      },
      {
        onSuccess: ({ queue, print }) =>
          onIssued(queue, print, { queueType: values.queueType, product: values.product }),
        onError: (error) => {
          const code = errorCodeOf(error);
          if (code === 'CONFLICT') {
            form.setFields([{ name: 'licence', errors: [errorMessage(t, error)] }]);
          } else if (code === 'FORBIDDEN') {
            setFailure(t('ticket.failed.forbidden'));
          } else {
            setFailure(errorMessage(t, error));
          }
        },
      },
    );
  };

  return (
    <Form<TicketFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ queueType: startType?.id, product: startProduct, licence: EMPTY_DRAFT }}
      onFinish={submit}
      onValuesChange={(changed: Partial<TicketFormValues>) => {
        if ('queueType' in changed) {
          const products = types.find((q) => q.id === changed.queueType)?.product ?? [];
          form.setFieldValue('product', products.length === 1 ? products[0]?.id : undefined);
          form.setFieldsValue({ orderClass: undefined, cutAt: null });
        }
      }}
      style={{ marginTop: 16 }}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form.Item
        name="queueType"
        label={t('ticket.queueType')}
        rules={[{ required: true, message: t('ticket.queueTypeRequired') }]}
      >
        <Select
          placeholder={t('ticket.queueTypePlaceholder')}
          options={types.map((q) => ({ value: q.id, label: `${q.prefix} · ${q.queue_type_name}` }))}
        />
      </Form.Item>
      <Form.Item
        name="product"
        label={t('ticket.product')}
        rules={[{ required: true, message: t('ticket.productRequired') }]}
        extra={
          noProducts ? <Typography.Text type="warning">{t('ticket.noProducts')}</Typography.Text> : undefined
        }
      >
        <Select
          placeholder={t('ticket.productPlaceholder')}
          disabled={!type || noProducts}
          options={(type?.product ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
      </Form.Item>
      <Form.Item
        name="licence"
        label={t('ticket.licence')}
        rules={[
          {
            validator: (_rule, value: PlateDraft | undefined) => {
              const check = checkDraft(value ?? EMPTY_DRAFT);
              return check.ok ? Promise.resolve() : Promise.reject(new Error(licenceProblem(check.problem)));
            },
          },
        ]}
      >
        <PlateInput />
      </Form.Item>
      <Form.Item label={t('suppliers.picker.label')} htmlFor="new-ticket-supplier">
        <SupplierPicker
          id="new-ticket-supplier"
          licence={typed?.ok ? typed.licence : ''}
          value={supplier}
          onChange={setSupplier}
        />
      </Form.Item>
      {classes.length > 0 && (
        <Form.Item name="orderClass" label={t('calling.newTicketOrder.class')}>
          <Select<string>
            allowClear
            placeholder={t('calling.newTicketOrder.byProduct')}
            options={[
              ...classes.map((c) => ({ value: c.key, label: c.name })),
              { value: '', label: t('calling.newTicketOrder.ordinary') },
            ]}
          />
        </Form.Item>
      )}
      {freshLimit !== null && (
        <Form.Item
          name="cutAt"
          label={t('calling.newTicketOrder.cutAt')}
          extra={t('calling.newTicketOrder.cutAtHint', {
            limit: formatElapsed(t, freshLimit * 60, 'short'),
          })}
          rules={[
            {
              validator: (_rule, value: Dayjs | null | undefined) => {
                if (!value) return Promise.resolve();
                const now = dayjs();
                if (value.isAfter(now.add(1, 'minute')))
                  return Promise.reject(new Error(t('calling.newTicketOrder.future')));
                if (value.isBefore(now.subtract(CUT_MAX_AGE_DAYS, 'day')))
                  return Promise.reject(new Error(t('calling.newTicketOrder.tooOld')));
                return Promise.resolve();
              },
            },
          ]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="DD/MM/YYYY HH:mm"
            style={{ width: '100%' }}
            disabledDate={(day) =>
              day.isAfter(dayjs(), 'day') || day.isBefore(dayjs().subtract(CUT_MAX_AGE_DAYS, 'day'), 'day')
            }
          />
        </Form.Item>
      )}
      <Form.Item label={t('printing.printOn')} htmlFor="new-ticket-printer" extra={t('printing.printOnHint')}>
        <PrinterChoice
          id="new-ticket-printer"
          printers={printers.data ?? []}
          loading={printers.isPending}
          value={printer}
          onChange={(choice) => {
            setPickedPrinter(choice);
            rememberPrinter(choice);
          }}
        />
      </Form.Item>
      <FormButtons
        onCancel={onCancel}
        okText={t('ticket.submit')}
        loading={issue.isPending}
        disabled={noProducts}
      />
    </Form>
  );
}
