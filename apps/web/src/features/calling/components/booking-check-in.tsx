import { useRef, useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PrintOutcome } from '@truck-queue/shared/contracts/printing.contract';
import type { Ticket } from '@truck-queue/shared/contracts/queue.contract';
import { useDates } from '../../../lib/calendar-context.tsx';
import { conflictReasonOf } from '../../../lib/errors.ts';
import { EMPTY_CODE, readBookingCode, spacedCode, typeCode } from '../../check-in/booking-code.ts';
import { checkInNow, needsLicence, type FoundBooking } from '../../check-in/check-in-now.ts';
import { bookingPlate, bookingWhen, checkInFailure, checkInWords } from '../../check-in/check-in-words.ts';
import { attemptAfter, attemptFor, type TicketAttempt } from '../../devices/kiosk/attempt.ts';
import { checkDraft, draftLicence, EMPTY_DRAFT, type PlateDraft } from '../../plates/plate-draft.ts';
import { PlateInput } from '../../plates/plate-input.tsx';
import { PlatesText } from '../../plates/plates-text.tsx';
import { FormButtons } from '../../../components/form-dialog.tsx';
import { useCheckInBooking, useFindBooking } from '../api/use-check-in-booking.ts';
import { newIdempotencyKey } from '../api/use-issue-ticket.ts';
import { useBranchPrinters } from '../api/use-branch-printers.ts';
import {
  PrinterChoice,
  printerUuidOf,
  rememberedPrinter,
  rememberPrinter,
  validChoice,
} from './printer-choice.tsx';

/**
 * The New ticket dialog's "Booking code": the code scanned (its QR, by the desk's wedge scanner)
 * or typed, the booking it names and what checking in does now, the truck's plate where the
 * booking is for any of the supplier's vehicles, then the ticket as issuing gives it.
 */
export function BookingCheckIn({
  onIssued,
  onCancel,
}: {
  onIssued: (ticket: Ticket, print: PrintOutcome) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const find = useFindBooking();
  const checkIn = useCheckInBooking();
  const [entry, setEntry] = useState(EMPTY_CODE);
  const [codeProblem, setCodeProblem] = useState<string | null>(null);
  const [found, setFound] = useState<FoundBooking | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<{ licence: PlateDraft }>();
  // A retry of the same check-in (its answer lost) sends the same key: never a second ticket.
  const pending = useRef<TicketAttempt | null>(null);
  const printers = useBranchPrinters();
  const [pickedPrinter, setPickedPrinter] = useState(rememberedPrinter);
  const printer = validChoice(pickedPrinter, printers.data ?? []);

  const lookUp = () => {
    const code = readBookingCode(entry);
    if (!code) {
      setCodeProblem(t('kiosk.booking.code.shape'));
      return;
    }
    setCodeProblem(null);
    setFailure(null);
    find.mutate(code, {
      onSuccess: ({ booking, time, outcome }) => setFound({ booking, time, outcome }),
      onError: (error) => {
        setFound(null);
        setCodeProblem(checkInFailure(t, error, code));
      },
    });
  };

  const submit = ({ licence }: { licence?: PlateDraft }) => {
    if (!found || checkIn.isPending) return;
    const plate = needsLicence(found) ? draftLicence(licence ?? EMPTY_DRAFT) : '';
    const attempt = attemptFor(
      pending.current,
      { kind: 'booking', code: found.booking.code, licence: plate },
      newIdempotencyKey,
    );
    pending.current = attempt;
    setFailure(null);
    checkIn.mutate(
      {
        code: found.booking.code,
        ...(plate ? { truck_license: plate } : {}),
        idempotency_key: attempt.key,
        printer_uuid: printerUuidOf(printer),
      },
      {
        onSuccess: ({ queue, print }) => {
          pending.current = attemptAfter(attempt, 'issued');
          onIssued(queue, print);
        },
        onError: (error) => {
          pending.current = attemptAfter(attempt, 'refused');
          const message = checkInFailure(t, error, found.booking.code, found.booking.supplier.name);
          if (
            conflictReasonOf(error) === 'PLATE_NOT_SUPPLIERS' ||
            conflictReasonOf(error) === 'ACTIVE_TICKET'
          )
            form.setFields([{ name: 'licence', errors: [message] }]);
          else setFailure(message);
        },
      },
    );
  };

  const words = found ? checkInWords(t, dates, found) : null;
  const refused = found ? checkInNow(found).kind === 'refused' : true;
  const askPlate = found ? needsLicence(found) : false;

  return (
    <Form<{ licence: PlateDraft }>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ licence: EMPTY_DRAFT }}
      onFinish={submit}
      style={{ marginTop: 16 }}
    >
      <Form.Item
        label={t('checkIn.code')}
        htmlFor="check-in-code"
        validateStatus={codeProblem ? 'error' : undefined}
        help={codeProblem ?? t('ticket.booking.hint')}
      >
        <Space.Compact style={{ width: '100%' }}>
          <Input
            id="check-in-code"
            autoFocus
            data-testid="check-in-code"
            placeholder={t('kiosk.booking.code.placeholder')}
            value={entry.text}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              setEntry(typeCode(entry, event.target.value));
              setCodeProblem(null);
              // Another code: the booking shown is no longer the one it names.
              setFound(null);
              setFailure(null);
            }}
            onPressEnter={(event) => {
              // Enter finds the booking; it never submits the check-in before it is seen.
              event.preventDefault();
              lookUp();
            }}
            style={{ fontWeight: 600, letterSpacing: '0.06em' }}
          />
          <Button
            icon={<SearchOutlined />}
            loading={find.isPending}
            onClick={lookUp}
            data-testid="check-in-find"
          >
            {t('kiosk.booking.code.find')}
          </Button>
        </Space.Compact>
      </Form.Item>
      {found && words && (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            data-testid="check-in-booking"
            style={{ marginTop: 8 }}
            items={[
              { key: 'code', label: t('checkIn.code'), children: spacedCode(found.booking.code) },
              { key: 'supplier', label: t('checkIn.supplier'), children: found.booking.supplier.name },
              {
                key: 'plate',
                label: t('ticket.licence'),
                children: found.booking.truck_license ? (
                  <PlatesText licence={found.booking.truck_license} />
                ) : (
                  bookingPlate(t, found.booking)
                ),
              },
              { key: 'product', label: t('ticket.product'), children: found.booking.product_name },
              { key: 'line', label: t('checkIn.line'), children: found.booking.queue_type_name },
              { key: 'when', label: t('checkIn.when'), children: bookingWhen(dates, found.booking) },
            ]}
          />
          <Alert
            type={words.tone}
            showIcon
            title={words.title}
            description={words.lines.join(' ')}
            style={{ marginBlock: 16 }}
            data-testid="check-in-now"
          />
          {askPlate && !refused && (
            <Form.Item
              name="licence"
              label={t('ticket.booking.plate')}
              rules={[
                {
                  validator: (_rule, value: PlateDraft | undefined) =>
                    checkDraft(value ?? EMPTY_DRAFT).ok
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('ticket.licenceRequired'))),
                },
              ]}
            >
              <PlateInput />
            </Form.Item>
          )}
          {!refused && (
            <Form.Item label={t('printing.printOn')} htmlFor="check-in-printer">
              <PrinterChoice
                id="check-in-printer"
                printers={printers.data ?? []}
                loading={printers.isPending}
                value={printer}
                onChange={(choice) => {
                  setPickedPrinter(choice);
                  rememberPrinter(choice);
                }}
              />
            </Form.Item>
          )}
        </>
      )}
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <FormButtons
        onCancel={onCancel}
        okText={t('ticket.booking.submit')}
        loading={checkIn.isPending}
        disabled={refused}
      />
    </Form>
  );
}
