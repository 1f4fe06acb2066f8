import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PrintFailure, PrintState } from '@truck-queue/shared/printing/printer-status';
import type { Ticket } from '@truck-queue/shared/contracts/queue.contract';
import { notifyOptions } from '@truck-queue/shared/contracts/notification.contract';
import { callApi } from '../../../lib/api-client.ts';
import { encodeTicketCode } from '@truck-queue/shared/scan/ticket-code';
import { NotPrintedMark, printFailureText } from '../../../components/printer-health.tsx';
import { readBranch } from '../../../lib/session.ts';
import { useAccess } from '../../auth/api/use-access.ts';
import { useQueueHistory } from '../../queue-history/api/use-queue-history.ts';
import { TicketPrintout } from '../../ticket/ticket-printout.tsx';
import type { ActionQueue } from './queue-action-dialog.tsx';
import { ReprintPanel } from './reprint-panel.tsx';

/** What became of a ticket's paper, for the action dialog's details (null: never sent to a printer). */
export function PrintStateText({ state, failure }: { state: PrintState; failure: PrintFailure | null }) {
  const { t } = useTranslation();
  if (state === 'failed') {
    return (
      <Flex gap={6} wrap align="center">
        <NotPrintedMark reason={failure} />
        <span>{printFailureText(t, failure)}</span>
      </Flex>
    );
  }
  return (
    <Tag color={state === 'printed' ? 'success' : 'default'} style={{ marginInlineEnd: 0 }}>
      {t(`printing.state.${state}`)}
    </Tag>
  );
}

/**
 * The action dialog's "print the ticket again": offered first on the kiosk the ticket came from
 * (its first print in the history names it), or on this computer, which prints the same ticket
 * as the New ticket dialog does.
 */
export function TicketReprint({ queue, queueTypeName }: { queue: ActionQueue; queueTypeName: string }) {
  const access = useAccess();
  const history = useQueueHistory(queue.uuid);
  const [printing, setPrinting] = useState(false);
  // The plant's LINE chat for this ticket (the driver's page's own link), for the ticket's second QR.
  const lineChat = useQuery({
    queryKey: ['lineChat', queue.uuid],
    queryFn: ({ signal }) => callApi(notifyOptions, { queue_number_id: queue.uuid }, { signal }),
    staleTime: 60_000,
  });
  const firstPrinter =
    history.data?.prints.find((p) => p.printer_name !== null)?.printer_name ??
    history.data?.history.find((h) => h.action === 'issue')?.device_name ??
    null;
  const ticket: Ticket = {
    uuid: queue.uuid,
    ticket_code: encodeTicketCode(queue._id),
    queue_number: queue.queue_number,
    queue_type_name: queueTypeName,
    product_name: queue.product_name,
    truck_license: queue.truck_license,
    created: queue.created,
    ahead_at_issue: null,
    line_chat_url: lineChat.data?.options.line?.chat_url ?? null,
  };
  return (
    <>
      <ReprintPanel
        ticketUuid={queue.uuid}
        preferredName={firstPrinter}
        onBrowserPrint={() => {
          flushSync(() => setPrinting(true));
          window.print();
        }}
      />
      {printing && <TicketPrintout ticket={ticket} branch={access.data?.officer.branch ?? readBranch()} />}
    </>
  );
}
