import { useState } from 'react';
import { Alert, Button, Flex, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UseMutationResult } from '@tanstack/react-query';
import type { PrintOutcome } from '@truck-queue/shared/contracts/printing.contract';
import { outcomeType, printOutcomeText } from '../../../components/printer-health.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { useBranchPrinters } from '../api/use-branch-printers.ts';
import { useReprintTicket, type ReprintInput } from '../api/use-reprint-ticket.ts';
import { firstChoice, PrinterChoice, printerUuidOf, validChoice } from './printer-choice.tsx';

interface ReprintPanelProps {
  /** The ticket to print again. */
  ticketUuid: string;
  /** The printer to offer first (a kiosk's uuid); else this computer's. */
  preferred?: string | undefined;
  /** Or the kiosk to offer first by its name (the one the ticket came from). */
  preferredName?: string | null | undefined;
  /** This computer's printer was chosen and the server recorded the reprint: print the page's ticket. */
  onBrowserPrint: () => void;
  heading?: string | undefined;
  hint?: string | undefined;
}

/**
 * "Print the ticket again": choose a printer of the branch (or this computer's), print, and see
 * what became of it. The server audits each reprint; the card's "not printed" goes once it prints.
 */
export function ReprintPanel(props: ReprintPanelProps) {
  return <PrintPanel {...props} mutation={useReprintTicket()} />;
}

/**
 * A paper of a ticket (the ticket again, the receiving slip) on a printer of the branch or this
 * computer's: the choice, the button, and what became of the print.
 */
export function PrintPanel({
  ticketUuid,
  preferred,
  preferredName,
  onBrowserPrint,
  heading,
  hint,
  button,
  mutation: reprint,
}: ReprintPanelProps & {
  mutation: UseMutationResult<PrintOutcome, Error, ReprintInput>;
  /** The button's words, when not "print again". */
  button?: string | undefined;
}) {
  const { t } = useTranslation();
  const printers = useBranchPrinters();
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const [outcome, setOutcome] = useState<PrintOutcome | null>(null);
  const choice = validChoice(
    picked ?? preferred ?? firstChoice(printers.data ?? [], preferredName),
    printers.data ?? [],
  );

  const print = () => {
    if (reprint.isPending) return;
    setOutcome(null);
    reprint.mutate(
      { uuid: ticketUuid, printerUuid: printerUuidOf(choice) },
      {
        onSuccess: (print) => {
          setOutcome(print);
          if (print.state === 'browser') onBrowserPrint();
        },
      },
    );
  };

  return (
    <Flex vertical gap={8} data-testid="reprint">
      <Typography.Text strong>{heading ?? t('printing.reprint.heading')}</Typography.Text>
      <Typography.Text type="secondary">{hint ?? t('printing.reprint.hint')}</Typography.Text>
      <Flex gap={8} wrap align="center">
        <div style={{ flex: '1 1 240px', minWidth: 0 }}>
          <PrinterChoice
            printers={printers.data ?? []}
            loading={printers.isPending}
            value={choice}
            onChange={(next) => {
              setPicked(next);
              setOutcome(null);
              reprint.reset();
            }}
          />
        </div>
        <Button
          icon={<PrinterOutlined aria-hidden />}
          onClick={print}
          loading={reprint.isPending}
          // Until the branch's printers are known the choice can only be this computer's: a
          // quick click would print on paper nobody asked for.
          disabled={printers.isPending}
        >
          {button ?? t('printing.reprint.button')}
        </Button>
      </Flex>
      {outcome && (
        <Alert
          type={outcomeType(outcome)}
          showIcon
          title={printOutcomeText(t, outcome)}
          data-testid="reprint-outcome"
          data-state={outcome.state}
        />
      )}
      {reprint.isError && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(t, reprint.error)}
          data-testid="reprint-outcome"
          data-state="error"
        />
      )}
    </Flex>
  );
}
