import { Alert, Flex, Tag, Tooltip } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  ExclamationCircleOutlined,
  PrinterOutlined,
  QuestionCircleOutlined,
} from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  needsAttention,
  type PrinterHealth,
  type PrintFailure,
} from '@truck-queue/shared/printing/printer-status';
import type {
  BranchPrinter,
  PrinterHealthState,
  PrintOutcome,
} from '@truck-queue/shared/contracts/printing.contract';
import { useDates } from '../lib/calendar-context.tsx';

/**
 * A printer's health and a ticket's print in the officer's words and colours: the one place the
 * Printing controller, the calling page, the New ticket dialog and the history drawer take them
 * from (printing.health.*, printing.failure.*, printing.advice.*).
 */

/** The tag colour of a health: green prints, orange prints but warns, red does not print. */
export function healthColor(health: PrinterHealth): 'success' | 'warning' | 'error' | 'default' {
  switch (health) {
    case 'ok':
      return 'success';
    case 'paper_near_end':
      return 'warning';
    case 'paper_end':
    case 'cover_open':
    case 'offline':
    case 'error':
    case 'no_answer':
    case 'unreachable':
      return 'error';
    case 'unknown':
      return 'default';
  }
}

export const printerHealthText = (t: TFunction, health: PrinterHealth): string =>
  t(`printing.health.${health}`);

/** Why a ticket did not print, in a few words ("กระดาษหมด"). */
export const printFailureText = (t: TFunction, reason: PrintFailure | null): string =>
  reason ? t(`printing.failure.${reason}`) : t('printing.failure.unknown');

/** "Not printed: paper out" (a queue's tooltip, a history line). */
export const notPrintedText = (t: TFunction, reason: PrintFailure | null): string =>
  t('printing.notPrintedWhy', { reason: printFailureText(t, reason) });

/** What officers should do about a printer in this health (the calling page's banner). */
export const printerAdvice = (t: TFunction, health: PrinterHealth): string => t(`printing.advice.${health}`);

/** What one print came to, in a sentence ("พิมพ์ที่ตู้ A แล้ว", "ไม่ได้พิมพ์: กระดาษหมด"). */
export function printOutcomeText(t: TFunction, outcome: PrintOutcome): string {
  const printer = outcome.printer_name ?? t('printing.thisBrowser');
  switch (outcome.state) {
    case 'printed':
      return t('printing.outcome.printed', { printer });
    case 'failed':
      return t('printing.outcome.failed', { printer, reason: printFailureText(t, outcome.reason) });
    case 'pending':
      return t('printing.outcome.pending', { printer });
    case 'browser':
      return t('printing.outcome.browser');
  }
}

/** The alert type that goes with a print's outcome. */
export function outcomeType(outcome: PrintOutcome): 'success' | 'error' | 'info' {
  return outcome.state === 'printed' ? 'success' : outcome.state === 'failed' ? 'error' : 'info';
}

/** Why a printer of the branch needs someone now (null: it is fine): its health, or a USB kiosk off line. */
export type PrinterTrouble = { kind: 'health'; health: PrinterHealth } | { kind: 'usbDisconnected' };

export function printerTrouble(printer: BranchPrinter): PrinterTrouble | null {
  if (printer.print_target === 'browser') return null;
  if (needsAttention(printer.health)) return { kind: 'health', health: printer.health };
  if (printer.print_target === 'usb' && !printer.connected) return { kind: 'usbDisconnected' };
  return null;
}

/** The banner line for a troubled printer: what and what to do. */
export function troubleText(t: TFunction, trouble: PrinterTrouble): string {
  if (trouble.kind === 'usbDisconnected') return t('printing.advice.usbDisconnected');
  return t('printing.troubleLine', {
    what: printerHealthText(t, trouble.health),
    advice: printerAdvice(t, trouble.health),
  });
}

const HEALTH_ICON = {
  success: <CheckCircleOutlined aria-hidden />,
  warning: <ExclamationCircleOutlined aria-hidden />,
  error: <CloseCircleOutlined aria-hidden />,
  default: <QuestionCircleOutlined aria-hidden />,
};

/** A printer's health as a coloured tag; the tooltip (and a second line, if asked) says when it was read. */
export function PrinterHealthTag({
  state,
  showTime = false,
}: {
  state: PrinterHealthState;
  showTime?: boolean;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const color = healthColor(state.health);
  const when = state.checked_at
    ? t('printing.checkedAt', { time: dates.dateTime(state.checked_at) })
    : t('printing.neverChecked');
  return (
    <Flex vertical gap={2} align="flex-start">
      <Tooltip title={when}>
        <Tag
          color={color}
          icon={HEALTH_ICON[color]}
          style={{ marginInlineEnd: 0 }}
          data-testid="printer-health"
          data-health={state.health}
        >
          {printerHealthText(t, state.health)}
        </Tag>
      </Tooltip>
      {showTime && (
        <span style={{ fontSize: 12, opacity: 0.7 }}>
          <ClockCircleOutlined aria-hidden style={{ marginInlineEnd: 4 }} />
          {when}
        </span>
      )}
    </Flex>
  );
}

/**
 * "Not printed" on a ticket whose paper did not come out, with why in its tooltip: the calling
 * page's queue buttons and the report by flow show it before anyone calls the truck.
 */
export function NotPrintedMark({
  reason,
  withTooltip = true,
}: {
  reason: PrintFailure | null;
  /** Off inside something whose own tooltip says why already (a queue button). */
  withTooltip?: boolean;
}) {
  const { t } = useTranslation();
  const mark = (
    <Tag
      color="error"
      icon={<PrinterOutlined aria-hidden />}
      data-testid="not-printed"
      data-reason={reason ?? ''}
      style={{ marginInlineEnd: 0, fontWeight: 600 }}
    >
      {t('printing.notPrinted')}
    </Tag>
  );
  return withTooltip ? <Tooltip title={notPrintedText(t, reason)}>{mark}</Tooltip> : mark;
}

/**
 * The branch's printers that need someone (out of paper, cover open, a USB kiosk off line...),
 * each by name with what to do: above the calling page's cards.
 */
export function PrinterWarnings({ printers }: { printers: readonly BranchPrinter[] }) {
  const { t } = useTranslation();
  const troubled = printers.flatMap((printer) => {
    const trouble = printerTrouble(printer);
    return trouble ? [{ printer, trouble }] : [];
  });
  if (troubled.length === 0) return null;
  const stops = troubled.some(
    ({ trouble }) => trouble.kind === 'usbDisconnected' || healthColor(trouble.health) === 'error',
  );
  return (
    <Alert
      type={stops ? 'error' : 'warning'}
      showIcon
      icon={<PrinterOutlined aria-hidden />}
      data-testid="printer-warnings"
      title={t('printing.warningTitle', { count: troubled.length })}
      description={
        <Flex component="ul" vertical gap={2} style={{ margin: 0, paddingInlineStart: 18 }}>
          {troubled.map(({ printer, trouble }) => (
            <li
              key={printer.uuid}
              data-testid="printer-warning"
              data-printer={printer.name}
              data-health={trouble.kind === 'health' ? trouble.health : 'usb_disconnected'}
            >
              <strong>{printer.name}</strong>: {troubleText(t, trouble)}
            </li>
          ))}
        </Flex>
      }
    />
  );
}
