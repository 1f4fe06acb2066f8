import { Flex, Select, Tag, Typography } from 'antd';
import { DesktopOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { BranchPrinter } from '@truck-queue/shared/contracts/printing.contract';
import { canPrint } from '@truck-queue/shared/printing/printer-status';
import { healthColor, printerHealthText } from '../../../components/printer-health.tsx';

/** "This computer's printer" (the browser's print dialog) among the kiosks' printers. */
export const BROWSER_PRINTER = 'browser';

/** The printers a ticket can be sent to from the office: kiosks whose printer the server reaches (network, USB). */
export function remotePrinters(printers: readonly BranchPrinter[]): BranchPrinter[] {
  return printers.filter((p) => p.print_target !== 'browser');
}

/** The choice as the API takes it: a kiosk's uuid, or null for this browser. */
export const printerUuidOf = (choice: string): string | null => (choice === BROWSER_PRINTER ? null : choice);

const REMEMBERED = 'tq.ticketPrinter';

/** The printer this browser last chose in the New ticket dialog (kept across sign-ins). */
export function rememberedPrinter(): string {
  try {
    return window.localStorage.getItem(REMEMBERED) ?? BROWSER_PRINTER;
  } catch {
    return BROWSER_PRINTER;
  }
}

export function rememberPrinter(choice: string): void {
  try {
    window.localStorage.setItem(REMEMBERED, choice);
  } catch {
    // A browser that refuses storage asks again next time: nothing to lose.
  }
}

/** A remembered or preferred choice that is still one of the branch's printers, else this browser. */
export function validChoice(choice: string | undefined, printers: readonly BranchPrinter[]): string {
  return choice && remotePrinters(printers).some((p) => p.uuid === choice) ? choice : BROWSER_PRINTER;
}

/** A printer of the office's choice that can print now: its health allows it, and a USB kiosk's screen is connected. */
const ready = (p: BranchPrinter) => canPrint(p.health) && (p.print_target !== 'usb' || p.connected);

/**
 * The printer a reprint offers first: the kiosk the ticket came from when it can print now,
 * else the first of the branch's printers the office reaches that can (a reprint is most often
 * asked because the first one failed), else that kiosk still; undefined for this computer's.
 * A kiosk that prints through its own browser is never offered (it cannot print from here).
 */
export function firstChoice(printers: readonly BranchPrinter[], preferredName: string | null | undefined) {
  const remote = remotePrinters(printers);
  const named = remote.find((p) => p.name === preferredName);
  return (named && ready(named) ? named : (remote.find(ready) ?? named))?.uuid;
}

interface PrinterChoiceProps {
  printers: readonly BranchPrinter[];
  value: string;
  onChange: (choice: string) => void;
  loading?: boolean;
  disabled?: boolean;
  id?: string;
}

/**
 * Where a ticket prints: this computer's print dialog, or a kiosk's thermal printer of the
 * branch, each with its health so an officer does not send a ticket to a printer out of paper.
 */
export function PrinterChoice({ printers, value, onChange, loading, disabled, id }: PrinterChoiceProps) {
  const { t } = useTranslation();
  const options = [
    {
      value: BROWSER_PRINTER,
      label: (
        <Flex align="center" gap={8}>
          <DesktopOutlined aria-hidden />
          <span>{t('printing.thisBrowser')}</span>
        </Flex>
      ),
    },
    ...remotePrinters(printers).map((printer) => ({
      value: printer.uuid,
      label: (
        <Flex align="center" justify="space-between" gap={8} style={{ minWidth: 0 }}>
          <Flex align="center" gap={8} style={{ minWidth: 0 }}>
            <PrinterOutlined aria-hidden />
            <Typography.Text ellipsis style={{ color: 'inherit' }}>
              {printer.name}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              {t(`printing.target.${printer.print_target}`)}
            </Typography.Text>
          </Flex>
          <Tag color={healthColor(printer.health)} style={{ marginInlineEnd: 0 }}>
            {printer.print_target === 'usb' && !printer.connected
              ? t('printing.usbOffline')
              : printerHealthText(t, printer.health)}
          </Tag>
        </Flex>
      ),
    })),
  ];
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      loading={loading}
      disabled={disabled}
      options={options}
      optionLabelProp="label"
      aria-label={t('printing.choosePrinter')}
      data-testid="printer-choice"
      style={{ width: '100%' }}
    />
  );
}
