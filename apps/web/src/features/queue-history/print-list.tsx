import { Flex, List, Tag, Typography } from 'antd';
import { DesktopOutlined, PrinterOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PrintJobEntry } from '@truck-queue/shared/contracts/printing.contract';
import { printFailureText } from '../../components/printer-health.tsx';
import { useCalendar } from '../../lib/calendar-context.tsx';
import { config } from '../../lib/config.ts';
import { formatSiteDateTime } from '../../lib/format.ts';

const STATE_COLOR = {
  printed: 'success',
  failed: 'error',
  pending: 'processing',
  browser: 'default',
} as const;

/**
 * Every print of a ticket under its transitions: the and each reprint, when (plant time),
 * on which printer (or a browser's print dialog), who asked, and what became of it.
 */
export function PrintList({ prints }: { prints: readonly PrintJobEntry[] }) {
  const { t } = useTranslation();
  const calendar = useCalendar();
  if (prints.length === 0) return null;
  return (
    <section aria-labelledby="history-prints" data-testid="history-prints">
      <Typography.Title level={5} id="history-prints" style={{ marginTop: 0 }}>
        <PrinterOutlined aria-hidden /> {t('printing.history.title')}
      </Typography.Title>
      <List
        size="small"
        dataSource={[...prints]}
        renderItem={(print) => (
          <List.Item
            key={print.id}
            data-testid="history-print"
            data-kind={print.kind}
            data-state={print.state}
          >
            <Flex vertical gap={2} style={{ width: '100%' }}>
              <Flex gap={8} wrap align="baseline" justify="space-between">
                <Typography.Text strong>{t(`printing.history.kind.${print.kind}`)}</Typography.Text>
                <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                  {formatSiteDateTime(print.at, config.siteTimeZone, calendar)}
                </Typography.Text>
              </Flex>
              <Flex gap={6} wrap align="center">
                <Tag color={STATE_COLOR[print.state]} style={{ marginInlineEnd: 0 }}>
                  {t(`printing.state.${print.state}`)}
                </Tag>
                {print.state === 'failed' && (
                  <Typography.Text type="danger">{printFailureText(t, print.reason)}</Typography.Text>
                )}
              </Flex>
              <Typography.Text type="secondary">
                {print.printer_name ? (
                  <>
                    <PrinterOutlined aria-hidden /> {print.printer_name}
                  </>
                ) : (
                  <>
                    <DesktopOutlined aria-hidden /> {t('printing.history.browser')}
                  </>
                )}
                {' · '}
                {print.officer_name ? (
                  <>
                    <UserOutlined aria-hidden /> {print.officer_name}
                  </>
                ) : (
                  t('printing.history.byKiosk')
                )}
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
    </section>
  );
}
