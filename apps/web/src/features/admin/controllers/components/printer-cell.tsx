import { useState } from 'react';
import { Alert, Button, Flex, Typography } from 'antd';
import { ApiOutlined, DesktopOutlined, PrinterOutlined, SyncOutlined, UsbOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeviceRow } from '@truck-queue/shared/contracts/controller.contract';
import type { PrintOutcome } from '@truck-queue/shared/contracts/printing.contract';
import {
  outcomeType,
  printerHealthText,
  printOutcomeText,
  PrinterHealthTag,
} from '../../../../components/printer-health.tsx';
import { errorMessage } from '../../../../lib/errors.ts';
import { useCheckPrinter, useTestPrint } from '../api/use-printer-checks.ts';

const TARGET_ICON = {
  browser: <DesktopOutlined aria-hidden />,
  network: <ApiOutlined aria-hidden />,
  usb: <UsbOutlined aria-hidden />,
};

/** What the last button of a row said: a check's health, a test print's outcome, or a refusal. */
type Said =
  | { kind: 'check'; text: string; type: 'success' | 'warning' | 'error' }
  | { kind: 'test'; outcome: PrintOutcome }
  | { kind: 'failed'; text: string };

/**
 * The Printing controller's printer column: where the kiosk prints (browser dialog, the network
 * printer's address, its USB printer) on what paper, the printer's health and when it was read,
 * and "check now" and "test print" with what they found.
 */
export function PrinterCell({ device }: { device: DeviceRow }) {
  const { t } = useTranslation();
  const check = useCheckPrinter();
  const test = useTestPrint();
  const [said, setSaid] = useState<Said | null>(null);
  const direct = device.print_target !== 'browser';
  const where =
    device.print_target === 'network'
      ? t('printing.where.network', { host: device.printer_host ?? '?', port: device.printer_port })
      : t(`printing.where.${device.print_target}`);

  // Each press replaces what the last one said.
  const runCheck = () => {
    setSaid(null);
    check.mutate(device.uuid, {
      onSuccess: (state) =>
        setSaid({
          kind: 'check',
          text: t('printing.checked', { health: printerHealthText(t, state.health) }),
          type: state.health === 'ok' ? 'success' : state.health === 'paper_near_end' ? 'warning' : 'error',
        }),
      onError: (error) => setSaid({ kind: 'failed', text: errorMessage(t, error) }),
    });
  };
  const runTest = () => {
    setSaid(null);
    test.mutate(device.uuid, {
      onSuccess: (outcome) => setSaid({ kind: 'test', outcome }),
      onError: (error) => setSaid({ kind: 'failed', text: errorMessage(t, error) }),
    });
  };

  return (
    <Flex vertical gap={6} align="flex-start" data-testid="printer-cell" data-printer={device.name}>
      <Typography.Text>
        {TARGET_ICON[device.print_target]} {where}
        {direct && (
          <Typography.Text type="secondary">
            {' · '}
            {t('printing.paperShort', { width: device.paper_width })}
          </Typography.Text>
        )}
      </Typography.Text>
      {device.printer_name && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <PrinterOutlined aria-hidden /> {device.printer_name}
        </Typography.Text>
      )}
      {device.printer_health && <PrinterHealthTag state={device.printer_health} showTime />}
      {direct && (
        <Flex gap={4} wrap>
          <Button
            size="small"
            icon={<SyncOutlined aria-hidden />}
            loading={check.isPending}
            disabled={!device.device_id && device.print_target === 'usb'}
            onClick={runCheck}
          >
            {t('printing.check')}
          </Button>
          <Button
            size="small"
            icon={<PrinterOutlined aria-hidden />}
            loading={test.isPending}
            onClick={runTest}
          >
            {t('printing.testPrint')}
          </Button>
        </Flex>
      )}
      {said && (
        <Alert
          type={
            said.kind === 'test' ? outcomeType(said.outcome) : said.kind === 'check' ? said.type : 'error'
          }
          showIcon
          closable
          onClose={() => setSaid(null)}
          data-testid="printer-said"
          data-state={said.kind === 'test' ? said.outcome.state : said.kind}
          title={
            said.kind === 'test'
              ? t('printing.testSaid', { outcome: printOutcomeText(t, said.outcome) })
              : said.text
          }
          style={{ padding: '2px 8px', fontSize: 12 }}
        />
      )}
    </Flex>
  );
}
