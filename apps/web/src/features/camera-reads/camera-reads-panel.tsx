import { useState } from 'react';
import { App, Button, Card, Flex, Modal, Tag, Typography } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type {
  ReadBooking,
  ReadRecord,
  ReadTruck,
} from '@truck-queue/shared/contracts/identification.contract';
import type { PrintOutcome } from '@truck-queue/shared/contracts/printing.contract';
import type { Ticket } from '@truck-queue/shared/contracts/queue.contract';
import { useBranchPrinters } from '../calling/api/use-branch-printers.ts';
import { printerUuidOf, rememberedPrinter, validChoice } from '../calling/components/printer-choice.tsx';
import { TicketIssued } from '../calling/components/ticket-issued.tsx';
import { checkInFailure } from '../check-in/check-in-words.ts';
import type { ReaderAction, ReadOutcome } from '@truck-queue/shared/identify/readers';
import { confirmUnfinishedExit } from '../exit/confirm-unfinished-exit.tsx';
import { errorMessage, unfinishedStepsOf } from '../../lib/errors.ts';
import {
  useReads,
  useResolveCheckInRead,
  useResolveGateRead,
  useResolveWeighbridgeRead,
} from './api/use-reads.ts';
import { bookingText, readText, truckText } from './read-words.ts';
import { SnapshotThumb } from './snapshot-thumb.tsx';

/** A ticket the desk issued from a read, and where its paper went. */
interface Issued {
  ticket: Ticket;
  print: PrintOutcome;
}

const OUTCOME_COLOURS: Record<ReadOutcome, string> = {
  exited: 'success',
  identified: 'processing',
  needs_officer: 'warning',
  already_out: 'default',
  repeated: 'default',
  checked_in: 'success',
  already_in: 'default',
};

/**
 * The gate's, a weighbridge's or the entrance's plate cameras on its page (issue 42): the reads that wait for the
 * officer (a truck not done, an unsure or misread plate, no truck or several), each with its
 * snapshot and the trucks it may be; and the latest read. At the gate the officer lets a truck
 * out from here; at the weighbridge `onTruck` puts the chosen truck in the page; at the ticket
 * desk the officer checks in the booking a read offers. Nothing shows
 * while the branch's cameras of this kind read nothing today.
 */
export function CameraReadsPanel({
  kind,
  stationId,
  onTruck,
}: {
  kind: ReaderAction;
  /** A weighbridge page at a scale: only its station's reads. */
  stationId?: number | null;
  onTruck?: (truck: ReadTruck) => void;
}) {
  const { t } = useTranslation();
  const reads = useReads(kind);
  const here = (read: ReadRecord) => stationId == null || read.station_id === stationId;
  const open = (reads.data?.open ?? []).filter(here);
  const latest = (reads.data?.latest ?? []).filter(here)[0];
  // Kept here, not on the read: the checked-in read leaves the list as its ticket shows.
  const [issued, setIssued] = useState<Issued | null>(null);
  const ticketShown = (
    <Modal open={issued !== null} footer={null} onCancel={() => setIssued(null)} destroyOnHidden>
      {issued && (
        <TicketIssued
          ticket={issued.ticket}
          print={issued.print}
          onAnother={() => setIssued(null)}
          onClose={() => setIssued(null)}
        />
      )}
    </Modal>
  );
  if (!latest && open.length === 0) return ticketShown;

  return (
    <>
      {ticketShown}
      <Card
        size="small"
        title={
          <Flex gap={8} align="center">
            <CameraOutlined aria-hidden />
            {t('cameraReads.title')}
            {open.length > 0 && <Tag color="warning">{t('cameraReads.waiting', { count: open.length })}</Tag>}
          </Flex>
        }
        data-testid={`camera-reads-${kind}`}
      >
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t(`cameraReads.hint.${kind}`)}</Typography.Text>
          {open.map((read) => (
            <OpenRead key={read.id} read={read} kind={kind} onTruck={onTruck} onIssued={setIssued} />
          ))}
          {latest && (
            <Flex gap={8} wrap align="center" data-testid="camera-latest-read">
              <Typography.Text type="secondary">{t('cameraReads.latest')}</Typography.Text>
              <Typography.Text>{dayjs(latest.at).format('HH:mm')}</Typography.Text>
              <Typography.Text strong>{readText(t, latest)}</Typography.Text>
              <Tag color={OUTCOME_COLOURS[latest.outcome]} style={{ marginInlineEnd: 0 }}>
                {t(`cameraReads.outcomes.${latest.outcome}`)}
              </Tag>
              {latest.queue && <Typography.Text>{truckText(latest.queue)}</Typography.Text>}
            </Flex>
          )}
        </Flex>
      </Card>
    </>
  );
}

/** A read the officer decides: the truck it is (from those offered), or set aside. */
function OpenRead({
  read,
  kind,
  onTruck,
  onIssued,
}: {
  read: ReadRecord;
  kind: ReaderAction;
  onTruck: ((truck: ReadTruck) => void) | undefined;
  /** The ticket desk checked the read's booking in: its ticket and where it printed. */
  onIssued: (issued: Issued) => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const gate = useResolveGateRead();
  const weighbridge = useResolveWeighbridgeRead();
  const entrance = useResolveCheckInRead();
  const printers = useBranchPrinters();
  const pending = gate.isPending || weighbridge.isPending || entrance.isPending;
  const failed = (error: unknown) => void message.error(errorMessage(t, error));

  const letOut = (truck: ReadTruck, confirmUnfinished = false) =>
    gate.mutate(
      { id: read.id, uuid: truck.uuid, ...(confirmUnfinished ? { confirm_unfinished: true } : {}) },
      {
        onSuccess: () => void message.success(t('cameraReads.letOutDone', { n: truck.queue_number })),
        onError: (error) => {
          const missing = unfinishedStepsOf(error);
          if (!missing || confirmUnfinished) return failed(error);
          confirmUnfinishedExit(modal, t, { n: truck.queue_number, licence: truck.truck_license }, missing, {
            confirm: () => letOut(truck, true),
          });
        },
      },
    );

  const use = (truck: ReadTruck) =>
    weighbridge.mutate(
      { id: read.id, uuid: truck.uuid },
      { onSuccess: () => onTruck?.(truck), onError: failed },
    );

  // The desk's check-in prints where the desk prints (its remembered printer, else this browser).
  const checkIn = (booking: ReadBooking) =>
    entrance.mutate(
      {
        id: read.id,
        booking_id: booking.id,
        printer_uuid: printerUuidOf(validChoice(rememberedPrinter(), printers.data ?? [])),
      },
      {
        onSuccess: ({ queue, print }) => {
          if (!queue || !print) return;
          void message.success(t('cameraReads.checkedInDone', { n: queue.queue_number }));
          onIssued({ ticket: queue, print });
        },
        // Refused as the desk's own check-in words it.
        onError: (error) => void message.error(checkInFailure(t, error, booking.code, booking.supplier_name)),
      },
    );

  const setAside = () => {
    const done = { onSuccess: () => void message.info(t('cameraReads.setAsideDone')), onError: failed };
    if (kind === 'check_in') entrance.mutate({ id: read.id }, done);
    else (kind === 'gate_exit' ? gate : weighbridge).mutate({ id: read.id }, done);
  };
  const offered = kind === 'check_in' ? read.bookings.length : read.suggestions.length;

  return (
    <Flex
      gap={12}
      wrap
      align="start"
      style={{ borderTop: '1px solid rgba(128,128,128,0.2)', paddingTop: 12 }}
      data-testid="camera-open-read"
    >
      {read.has_snapshot && <SnapshotThumb id={read.id} plate={read.plate ?? read.tag ?? ''} />}
      <Flex vertical gap={6} style={{ flex: '1 1 260px', minWidth: 0 }}>
        <Flex gap={8} wrap align="center">
          <Typography.Text strong style={{ fontSize: 16 }} data-testid="camera-read-plate">
            {readText(t, read)}
          </Typography.Text>
          {read.reason && (
            <Tag color="warning" style={{ marginInlineEnd: 0 }}>
              {kind === 'check_in' && read.reason === 'several'
                ? t('cameraReads.severalBookings')
                : t(`cameraReads.reasons.${read.reason}`)}
            </Tag>
          )}
        </Flex>
        <Typography.Text type="secondary">
          {t('cameraReads.readBy', {
            reader: read.reader_name,
            time: dayjs(read.at).format('HH:mm'),
          })}
        </Typography.Text>
        <Typography.Text type="secondary">
          {offered > 0 ? t(`cameraReads.choose.${kind}`) : t(`cameraReads.noneOffered.${kind}`)}
        </Typography.Text>
        <Flex gap={8} wrap>
          {read.bookings.map((booking) => (
            <Button key={booking.id} type="primary" disabled={pending} onClick={() => checkIn(booking)}>
              {t('cameraReads.pick.check_in', { booking: bookingText(t, booking) })}
            </Button>
          ))}
          {read.suggestions.map((truck) => (
            <Button
              key={truck.uuid}
              type="primary"
              disabled={pending}
              onClick={() => (kind === 'gate_exit' ? letOut(truck) : use(truck))}
            >
              {t(`cameraReads.pick.${kind}`, { truck: truckText(truck) })}
            </Button>
          ))}
          <Button disabled={pending} onClick={setAside}>
            {t('cameraReads.setAside')}
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
}
